import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Language } from '@propdesk/i18n';
import { z, ZodError } from 'zod';
import { serverKitCatalog } from './i18n/catalog.js';
import { isLocalText, loadServerCatalogs, registerLanguage, text, translate, translateValidationWord, type LocalText } from './localize.js';
import { safeError } from './logging.js';

/**
 * One field's problem. `message` is the English; `text` (when the message was made by key) is what
 * the envelope writes in the caller's language, and is never sent itself.
 */
export type FieldError = { field: string; message: string; /** A screen link to the record a value clashes with. */ link?: string; text?: LocalText };

/** A field error by key: its English `message` and the `text` the envelope translates. */
export function fieldError(field: string, message: LocalText, link?: string): FieldError {
  const english = translate(message, 'en');
  return link === undefined ? { field, message: english, text: message } : { field, message: english, link, text: message };
}

export type ErrorEnvelope = { status: 'ERROR'; message: string; errors?: FieldError[]; requestId?: string };

/** A message meant for the caller: English text (not yet keyed) or a key of a catalog. */
export type ErrorMessage = string | LocalText;

/**
 * An error with an HTTP status and a message meant for the caller. Given by key (`text(...)`), the
 * envelope writes it in the caller's language; `message` is always the English (logs, tests).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly text: LocalText | undefined;

  constructor(statusCode: number, message: ErrorMessage, options: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(isLocalText(message) ? translate(message, 'en') : message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers;
    this.text = isLocalText(message) ? message : undefined;
  }
}

const generic = (key: Parameters<typeof text<keyof typeof serverKitCatalog.en>>[1]) => text(serverKitCatalog, key);

export const badRequest = (message: ErrorMessage, errors?: FieldError[]) =>
  new HttpError(400, message === 'Validation failed' ? generic('validationFailed') : message, errors ? { errors } : {});
export const unauthorized = (message: ErrorMessage = generic('unauthorized')) => new HttpError(401, message);
export const forbiddenCsrf = () => new HttpError(403, generic('invalidCsrf'));
export const notFound = (message: ErrorMessage = generic('notFound')) => new HttpError(404, message);
export const conflict = (message: ErrorMessage) => new HttpError(409, message);
export const unprocessable = (message: ErrorMessage) => new HttpError(422, message);
export const accessDenied = () => new HttpError(423, generic('accessDenied'));
export const tooManyRequests = (message: ErrorMessage, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
/** The API's rate limit: the same seconds as the `Retry-After` header. */
export const rateLimited = (seconds: number) => tooManyRequests(text(serverKitCatalog, 'tooManyRequests', { seconds }), seconds);

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

const ZOD_LOCALES = { en: z.locales.en(), ar: z.locales.ar() } as const;

/** Where Fastify found what it validated (`error.validationContext`). */
const REQUEST_PART = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

/**
 * A request part's validation problems in the caller's language. In English they are the issues
 * as zod made them. In another language the part is parsed again with the route's own schema and
 * zod's locale as the parse's error map (per parse: nothing global changes), so zod's own messages
 * come in that language with the same fields in the same order; a schema's own words are then
 * looked up among the registered validation words.
 */
function validationErrors(error: unknown, request: FastifyRequest, language: Language): FieldError[] | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const english = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return { field, message: issue.message ?? 'Invalid value' };
    });
    if (language === 'en') return english;
    const context = (error as { validationContext?: keyof typeof REQUEST_PART }).validationContext;
    const schema = context ? (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] : undefined;
    // zod and zod/mini schemas alike (both are core schemas).
    if (context && schema instanceof z.core.$ZodType) {
      const again = z.safeParse(schema, (request as unknown as Record<string, unknown>)[REQUEST_PART[context]], { error: ZOD_LOCALES[language].localeError });
      if (again.error && again.error.issues.length === english.length) return zodIssues(again.error, language);
    }
    return english.map((problem) => ({ field: problem.field, message: translateValidationWord(problem.message, language) ?? problem.message }));
  }
  if (error instanceof ZodError) return zodIssues(error, language);
  return null;
}

/**
 * Issues of a ZodError a handler threw (its schema is not the route's): a schema's own word from
 * the validation words; zod's own message (it is what zod's English locale says for the issue) in
 * zod's locale of the language; anything else as it is.
 */
function zodIssues(error: ZodError, language: Language): FieldError[] {
  return error.issues.map((issue) => {
    const field = pathToField(issue.path);
    if (language === 'en') return { field, message: issue.message };
    const word = translateValidationWord(issue.message, language);
    if (word !== null) return { field, message: word };
    const raw = issue as unknown as Parameters<typeof ZOD_LOCALES.en.localeError>[0];
    const own = (map: typeof ZOD_LOCALES.en.localeError) => {
      const made = map(raw);
      return typeof made === 'string' ? made : made?.message;
    };
    return { field, message: own(ZOD_LOCALES.en.localeError) === issue.message ? (own(ZOD_LOCALES[language].localeError) ?? issue.message) : issue.message };
  });
}

/** The envelope's words in `language`: keyed messages translated, `text` never sent. */
function localizedBody(error: HttpError, language: Language): ErrorEnvelope {
  const message = error.text ? translate(error.text, language) : error.message;
  const errors = error.errors?.map(({ text: keyed, ...problem }) => {
    if (keyed) return { ...problem, message: translate(keyed, language) };
    if (language === 'en') return problem;
    return { ...problem, message: translateValidationWord(problem.message, language) ?? problem.message };
  });
  return errorBody(message, errors);
}

/**
 * Sends an error envelope in the caller's language (`request.language`); used by the handler below
 * and by hooks that answer early (the server's catalogs are loaded when the app is ready).
 */
export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).send(localizedBody(error, languageOf(reply.request)));
}

/** `request.language` when the app registered it, else English (a bare Fastify in a unit test). */
function languageOf(request: FastifyRequest): Language {
  return (request as { language?: Language }).language ?? 'en';
}

/** Fastify's own client errors, by code, in words of ours (English unchanged where it had its own). */
const FASTIFY_ERRORS: Record<string, 'invalidJson' | 'emptyJson' | 'bodyTooLarge' | 'unsupportedMediaType'> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
};

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
  registerLanguage(app);
  app.setErrorHandler(async (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request);
    // Loaded when the app is ready; waited for here only if an error came first.
    if (language !== 'en') await loadServerCatalogs(language);
    const fields = validationErrors(error, request, language);
    if (fields) return reply.code(400).send(errorBody(translate(generic('validationFailed'), language), fields));
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
      const code = (error as FastifyError).code;
      const known = code ? FASTIFY_ERRORS[code] : undefined;
      // English keeps Fastify's own words, as before; another language gets ours.
      const message = language === 'en' || !known ? error.message || translate(generic('badRequest'), language) : translate(generic(known), language);
      return reply.code(status).send(errorBody(message));
    }
    request.log.error(errorLogEntry(request, error, 500), 'unhandled error');
    return reply.code(500).send({ ...errorBody(translate(generic('internalError'), language)), requestId: String(request.id) });
  });
}
