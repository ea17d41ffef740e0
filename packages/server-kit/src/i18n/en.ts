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

/**
 * Words that schemas of every package use as their own messages (`z.string().min(1, 'Required')`):
 * the envelope finds them by their English (registered with `registerValidationWords`).
 */
export const validationEn = {
  required: 'Required',
  tooLong: 'Too long',
  atMostCharacters: 'At most {max} characters',
  atLeastCharacters: 'At least {min} characters',
  noEdgeSpaces: 'No spaces at the start or end',
  mustBeText: 'Must be text',
  mustBeNumber: 'Must be a number',
  mustBeWholeNumber: 'Must be a whole number',
  mustBeDate: 'Must be a date',
  mustBeRecordId: 'Must be a record id',
  mustBeOneOf: 'Must be one of: {options}',
} as const;

export type ValidationKey = keyof typeof validationEn;
