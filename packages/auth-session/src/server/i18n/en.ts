/** The sign-in and session calls' words (server side). English is what the API always answered. */
export const en = {
  invalidLogin: 'Invalid username or password',
  loginThrottled: 'Too many login attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  passwordThrottled: 'Too many wrong passwords. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  loginSuccessful: 'Login successful',
  loggedOut: 'Logged out',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  currentPasswordWrong: 'The current password is wrong',
  samePassword: 'Choose a password other than the current one',
  passwordTooShort: 'At least {min} characters ({min} to {max} characters, no spaces at the start or end.)',
  passwordTooLong: 'At most {longest} characters ({min} to {max} characters, no spaces at the start or end.)',
  passwordEdgeSpaces: 'No spaces at the start or end ({min} to {max} characters, no spaces at the start or end.)',
  apiKeyInQuery: 'Send the API key in the Authorization header, never in the address.',
  apiKeyInQueryField: 'An API key is not accepted in the query string',
  apiKeyUnknown: 'Unknown, expired or revoked API key',
  apiKeyMalformed: 'Send the API key as Authorization: Bearer pdk_…',
  userNotFound: 'User not found',
} as const;

export type AuthKey = keyof typeof en;
