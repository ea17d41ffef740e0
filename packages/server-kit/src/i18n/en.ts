/**
 * Server-kit's words: the error envelope's generic messages (api.md). English is the text the API
 * has always answered (the spec's texts, unchanged); `ar.ts` has each in Arabic.
 */
export const en = {
  validationFailed: 'Validation failed',
  invalidValue: 'Invalid value',
  unauthorized: 'Unauthorized',
  invalidCsrf: 'Invalid CSRF token',
  notFound: 'Not found',
  accessDenied: 'Forbidden - Access denied',
  internalError: 'Internal server error',
  badRequest: 'Bad request',
  invalidJson: 'The body is not valid JSON',
  emptyJson: 'The body is empty but its type says JSON',
  bodyTooLarge: 'The body is too large',
  unsupportedMediaType: 'The body’s media type is not supported',
  routeNotFound: 'No such call: {method} {url}',
  tooManyRequests: 'Too many requests. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  unstorableText: 'Contains a character that cannot be stored (NUL or an unpaired surrogate)',
} as const;

export type ServerKitKey = keyof typeof en;
