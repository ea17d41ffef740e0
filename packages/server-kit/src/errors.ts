import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { safeError } from './logging.js';

export type FieldError = { field: string; message: string; /** A screen link to the record a value clashes with. */ link?: string };

export type ErrorEnvelope = { status: 'ERROR'; message: string; errors?: FieldError[]; requestId?: string };

/** An error with an HTTP status and a message meant for the caller. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(statusCode: number, message: string, options: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors ? { errors } : {});
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbiddenCsrf = () => new HttpError(403, 'Invalid CSRF token');
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const accessDenied = () => new HttpError(423, 'Forbidden - Access denied');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

/** `{ status: 'ERROR', message, errors? }`. */
export function errorBody(message: string, errors?: FieldError[]): ErrorEnvelope {
  return errors && errors.length > 0 ? { status: 'ERROR', message, errors } : { status: 'ERROR', message };
}

/** `{ status: 'OK', data, message? }`. */
export function ok<T>(data: T, message?: string): { status: 'OK'; data: T; message?: string } {
  return message === undefined ? { status: 'OK', data } : { status: 'OK', data, message };
}

/** A page of a list: `{ status: 'OK', data, total, page, pageSize }`. */
export function list<T>(rows: T[], total: number, page: number, pageSize: number) {
  return { status: 'OK' as const, data: rows, total, page, pageSize };
}

const pathToField = (path: readonly PropertyKey[]) => path.map(String).join('.');

function validationErrors(error: unknown): FieldError[] | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return { field, message: issue.message ?? 'Invalid value' };
    });
  }
  if (error instanceof ZodError) {
    return error.issues.map((issue) => ({ field: pathToField(issue.path), message: issue.message }));
  }
  return null;
}

/** Sends an error envelope; used by the handler below and by hooks that answer early. */
export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).send(errorBody(error.message, error.errors));
}

/** Request id (pino's `reqId`), route, status and error code; nothing of the input. */
function errorLogEntry(request: FastifyRequest, error: Error, status: number) {
  const code = (error as { code?: unknown }).code;
  return {
    route: request.routeOptions?.url ?? null,
    method: request.method,
    status,
    code: typeof code === 'string' || typeof code === 'number' ? code : error.name,
    error: safeError(error),
  };
}

/**
 * The error handler of api.md: validation → 400 with `errors`; HttpError → its status;
 * Fastify's own client errors (bad JSON, 413, 415) → their status; anything else → 500 with the
 * request id, the stack only in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const fields = validationErrors(error);
    if (fields) return reply.code(400).send(errorBody('Validation failed', fields));
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error(errorLogEntry(request, error, error.statusCode), 'request failed');
      return sendError(reply, error);
    }
    const status = (error as FastifyError).statusCode;
    if (!isResponseSerializationError(error) && typeof status === 'number' && status >= 400 && status < 500) {
      if (status === 429) {
        const retryAfter = reply.getHeader('retry-after');
        if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
      }
      return reply.code(status).send(errorBody(error.message || 'Bad request'));
    }
    request.log.error(errorLogEntry(request, error, 500), 'unhandled error');
    return reply.code(500).send({ ...errorBody('Internal server error'), requestId: String(request.id) });
  });
}
