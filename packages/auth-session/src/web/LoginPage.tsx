import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import type { LoginRequest } from '../model/index.js';
import { login } from './login.js';
import { LoginScreen } from './LoginScreen.js';
import { selectLoginError, selectLoginStatus } from './sessionSlice.js';
import type { SessionDispatch } from './sessionTypes.js';

export type LoginPageProps = {
  /** Where to go after signing in; the shell's index route works out the landing page. */
  redirectTo?: string;
  productName?: string;
  /**
   * Runs after a successful sign-in, before the page leaves /login (the shell shows the new
   * account's language with it, issue 29); a failure does not stop the sign-in.
   */
  onSignedIn?: () => Promise<void>;
};

/** The /login route of the router: the sign-in screen on the session slice, going on to `redirectTo` (replacing /login). */
export function LoginPage({ redirectTo = '/', productName = 'Propdesk', onSignedIn }: LoginPageProps) {
  const dispatch = useDispatch<SessionDispatch>();
  const navigate = useNavigate();
  const status = useSelector(selectLoginStatus);
  const error = useSelector(selectLoginError);

  const handleSubmit = async (credentials: LoginRequest) => {
    const result = await dispatch(login(credentials));
    if (!login.fulfilled.match(result)) return;
    await onSignedIn?.().catch(() => undefined);
    await navigate(redirectTo, { replace: true });
  };

  return <LoginScreen submitting={status === 'pending'} error={error} onSubmit={handleSubmit} productName={productName} />;
}
