import type { Privilege } from '@propdesk/privileges';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SessionUser } from './storage.js';

export type PrivilegesStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type LoginStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export type SessionState = {
  user: SessionUser | null;
  privileges: Privilege[] | null;
  privilegesStatus: PrivilegesStatus;
  loginStatus: LoginStatus;
  loginError: string | null;
};

/** Any root state that holds the session slice under `session`. */
export type SessionRootState = { session: SessionState };

export type SessionDispatch = ThunkDispatch<SessionRootState, unknown, UnknownAction>;
