/** One field's complaint in the error envelope (api.md): `{ field, message, link? }`. */
export type FieldError = { field: string; message: string; link?: string };

/**
 * The one error of every call, parsed once where the answer arrives: the HTTP status (or
 * 'FETCH_ERROR' when there was no answer), the message to show (the envelope's, else a general
 * one), the field errors, and for a 409 the record as it is now (`current`) when the server sends it.
 */
export type ApiError<Current = Record<string, unknown>> = {
  status: number | 'FETCH_ERROR';
  message: string;
  errors: FieldError[];
  current?: Current;
};

export const FAILED_REQUEST_MESSAGE = 'The request failed.';
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check the connection and try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FieldError[] => {
    if (!isRecord(item) || typeof item.message !== 'string') return [];
    const field = typeof item.field === 'string' ? item.field : '';
    return [{ field, message: item.message, ...(typeof item.link === 'string' ? { link: item.link } : {}) }];
  });
}

/** The error envelope `{ status: 'ERROR', message, errors?, current? }` of a non-ok answer, read leniently. */
export function apiErrorFromBody(status: number, data: unknown): ApiError {
  if (!isRecord(data)) return { status, message: FAILED_REQUEST_MESSAGE, errors: [] };
  const message = typeof data.message === 'string' && data.message.trim() ? data.message : FAILED_REQUEST_MESSAGE;
  return { status, message, errors: fieldErrorsOf(data.errors), ...(isRecord(data.current) ? { current: data.current } : {}) };
}

/** A non-ok answer other than 401 and 423 (spec section 8). */
export class HttpError extends Error {
  readonly status: number;
  /** The body as text, as it arrived. */
  readonly body: string;
  /** The body parsed (JSON, else the text). */
  readonly data: unknown;
  /** The envelope, parsed here once. */
  readonly problem: ApiError;

  constructor(status: number, body: string) {
    super(`HTTP error! Status: ${status} - ${body}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.data = parseBody(body);
    this.problem = apiErrorFromBody(status, this.data);
  }
}

/** The session could not be restored after a 401; the user has been sent to /login. */
export class UnauthorizedError extends Error {
  readonly status = 401;

  constructor() {
    super('Unauthorized');
    this.name = 'UnauthorizedError';
  }
}

/** A 423: the caller lacks the privilege; the user has been sent to /not-authorized. */
export class ForbiddenError extends Error {
  readonly status = 423;

  constructor() {
    super('Forbidden - Access denied');
    this.name = 'ForbiddenError';
  }
}

function isApiError(value: unknown): value is ApiError {
  return (
    isRecord(value) &&
    (typeof value.status === 'number' || value.status === 'FETCH_ERROR') &&
    typeof value.message === 'string' &&
    Array.isArray(value.errors)
  );
}

/**
 * Any failure of a call as an `ApiError`: what `apiRequest` throws (HttpError, UnauthorizedError,
 * ForbiddenError, a network error), an RTK Query endpoint's `error` (already an ApiError), or what
 * `unwrap()` throws. It does not parse again what was parsed on arrival.
 */
export function toApiError<Current = Record<string, unknown>>(error: unknown): ApiError<Current> {
  if (error instanceof HttpError) return error.problem as ApiError<Current>;
  if (error instanceof UnauthorizedError || error instanceof ForbiddenError) return { status: error.status, message: error.message, errors: [] };
  if (isApiError(error)) {
    const { status, message, errors, current } = error;
    return { status, message, errors, ...(current ? { current: current as Current } : {}) };
  }
  return { status: 'FETCH_ERROR', message: UNREACHABLE_MESSAGE, errors: [] };
}

/** Field name → its first message (for a form's helper texts). */
export function fieldErrorMap(error: ApiError<unknown>): Record<string, string> {
  const map: Record<string, string> = {};
  for (const item of error.errors) if (item.field && !(item.field in map)) map[item.field] = item.message;
  return map;
}

/** What to show for a failure with no form around it: the first field's message, else the envelope's. */
export function apiErrorText(error: unknown): string {
  const problem = toApiError(error);
  return problem.errors[0]?.message ?? problem.message;
}
