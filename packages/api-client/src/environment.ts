/** Toast variants, the same names notistack uses. */
export type NotifyVariant = 'default' | 'error' | 'success' | 'warning' | 'info';

export type ApiClientEnvironment = {
  /** Client-side navigation (the app passes its router's navigate); may resolve once it has finished. */
  navigate: (path: string) => void | Promise<void>;
  /** A toast (the app passes its snackbar). */
  notify: (message: string, variant: NotifyVariant) => void;
};

const fallback: ApiClientEnvironment = {
  navigate: (path) => {
    if (typeof window !== 'undefined') window.location.assign(path);
  },
  notify: (message, variant) => {
    if (variant === 'error') console.error(message);
    else if (variant === 'warning') console.warn(message);
    else console.info(message);
  },
};

let environment: ApiClientEnvironment = fallback;
const sessionExpiredListeners = new Set<() => void>();

/**
 * Hands the app's navigation and toasts to the client. Fields left out keep their current value;
 * with nothing configured, navigation uses `window.location.assign` and toasts go to the console.
 */
export function configureApiClient(options: Partial<ApiClientEnvironment>): void {
  environment = { ...environment, ...options };
}

/** Back to the unconfigured fallbacks (tests). */
export function resetApiClientEnvironment(): void {
  environment = fallback;
  sessionExpiredListeners.clear();
}

/** Navigates; resolves once the navigation has finished (when the app's navigate tells). */
export async function navigateTo(path: string): Promise<void> {
  await environment.navigate(path);
}

export function notify(message: string, variant: NotifyVariant = 'default'): void {
  environment.notify(message, variant);
}

/**
 * Runs `listener` whenever the session expired for good (restore failed). The session package
 * uses it to reset its state, so this package needs no import of it. Returns an unsubscribe.
 */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => {
    sessionExpiredListeners.delete(listener);
  };
}

export function emitSessionExpired(): void {
  for (const listener of sessionExpiredListeners) {
    try {
      listener();
    } catch (error) {
      console.error('A session-expired listener failed.', error);
    }
  }
}
