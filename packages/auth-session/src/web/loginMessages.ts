/** Spec section 8: a network failure or an unreadable answer. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password!';
export const CSRF_UNAVAILABLE_MESSAGE = 'Could not start a secure session with the server. Please try again.';
export const SERVER_FAILURE_MESSAGE = 'The server could not sign you in right now. Please try again later.';
