import { z } from 'zod';

/**
 * What a route's OpenAPI entry says about its body and answers, for documentation only
 * (decision 150). Fastify never sees these schemas: they do not validate the request and do not
 * serialize the answer (a Fastify `response` schema would strip every key it does not name), so
 * declaring or correcting them can never change what the server accepts or sends. The app's
 * swagger transform (`documentRoute`) folds them into the document.
 *
 *     app.post('/api/things', { schema: { tags, summary, body: thingBody, docs: { response: { 201: okEnvelope(thing) } } } }, ...)
 *
 * - `body`: the JSON body when the validated `body` is looser than what the handler really reads
 *   (the engine validates create/update inside the handler, after taking out the child lists).
 * - `response`: the JSON answer by status code (2xx). The error envelope is added for 4xx by itself.
 * - `files`: the 2xx answer is not JSON but a file or stream of these content types (PDF, CSV, SSE).
 * - `consumes`: the body is not JSON but these content types (a CSV import, an uploaded image).
 * - `params`: the path parameters, when the validated ones are looser (a workflow action's name).
 * - `security`: what the call needs instead of the session or an API key (`SECURITY_SCHEMES`):
 *   `[]` for a public call, `[{ csrfToken: [] }]` for sign-in. Left out, a call needs the session
 *   cookie (with the CSRF header when it writes) or a Bearer API key.
 */
export type RouteDocs = {
  body?: z.ZodType;
  params?: z.ZodType;
  response?: Readonly<Record<number, z.ZodType>>;
  files?: readonly string[];
  consumes?: readonly string[];
  security?: readonly Readonly<Record<string, readonly string[]>>[];
};

/**
 * How a caller proves who it is (api.md "Sessions", issue 27): the browser's session cookie, the
 * CSRF header every write with that cookie needs, the refresh cookie, and an API key.
 */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'pd_access', description: 'The browser session: the httpOnly access cookie set by POST /api/users/login (renewed by GET /api/users/restore-session).' },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'With the session cookie, every POST, PUT, PATCH and DELETE sends the value of the XSRF-TOKEN cookie (set by GET /api/users/csrf-cookie) in this header; a missing or wrong one is a 403. Not needed with an API key.',
  },
  refreshCookie: { type: 'apiKey', in: 'cookie', name: 'pd_refresh', description: 'The httpOnly refresh cookie set at sign-in; it only renews the session.' },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pdk_…',
    description: 'An API key (Settings › Roles › API keys): `Authorization: Bearer pdk_…`. The call acts with the key\'s roles; no cookie and no CSRF header. Never in the query string (400).',
  },
} as const;

/** Every call needs one of these unless it says otherwise (`RouteDocs.security`). */
export const DEFAULT_SECURITY: Record<string, string[]>[] = [{ session: [] }, { bearerAuth: [] }];
/** A write with the session also needs the CSRF header. */
const WRITE_SECURITY = [{ session: [], csrfToken: [] }, { bearerAuth: [] }];
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifySchema {
    /** Documentation-only schemas of this route (server-kit `RouteDocs`). */
    docs?: RouteDocs;
  }
}

/** One field's complaint in the error envelope. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** `{ status: 'ERROR', message, errors?: [{ field, message }], requestId? }` (api.md "Envelopes"). */
export const errorEnvelopeSchema = z
  .object({
    status: z.literal('ERROR'),
    message: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
    requestId: z.string().optional(),
  })
  .meta({ description: 'The error envelope: 400 names the field in errors, 401 not signed in, 404, 409 (with current), 422 a business rule, 423 a missing privilege.' });

/** `{ status: 'OK', message?, data }`: what `ok(data, message)` sends. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('OK'), message: z.string().optional(), data });
}

/** A page of a list: what `list(rows, total, page, pageSize)` sends (`totalExact: false` when `total` is a lower bound). */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal('OK'),
    message: z.string().optional(),
    data: z.array(item),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    totalExact: z.literal(false).optional(),
  });
}

/** A `{ status: 'OK', message }` answer with no data worth describing (`data` may be absent or null). */
export const doneEnvelope = z.object({ status: z.literal('OK'), message: z.string().optional(), data: z.unknown().optional() });

/** A record id. */
export const uuidSchema = z.uuid();
/** An amount as the API sends it: a decimal string ("1250000.00"), never a float. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/).meta({ description: 'A decimal number as a string, e.g. "1250000.00"' });
/** A calendar date, YYYY-MM-DD. */
export const dateString = z.iso.date();
/** An instant, ISO 8601 with offset. */
export const dateTimeString = z.iso.datetime({ offset: true });

type TransformInput = { schema: object; url: string; route?: { method?: string | string[] } };
type TransformOutput = { schema: object; url: string };

const FORMATS_WITH_OWN_PATTERN = new Set(['uuid', 'date', 'date-time', 'email', 'uri']);

/**
 * zod writes the regular expression behind each format (uuid, date-time) next to it, and the
 * safe-integer bounds on every integer: true, but it made the document six times larger for nothing
 * a client generator reads. The format stays; the repeated pattern and bounds go.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'pattern' && typeof record.format === 'string' && FORMATS_WITH_OWN_PATTERN.has(record.format)) continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = tidy(value);
  }
  return out;
}

/**
 * Wraps @fastify/swagger's `transform` (fastify-type-provider-zod's `jsonSchemaTransform`): a
 * route's `docs` replace the validated body/params in the document and give it its answers, 4xx
 * answers get the error envelope, and file answers and non-JSON bodies are named by content type.
 */
export function documentRoute<F extends (input: never) => TransformOutput>(transform: F): F {
  const wrapped = (input: TransformInput): TransformOutput => {
    const schema = input.schema as Record<string, unknown> | undefined;
    const call = (next: TransformInput) => (transform as unknown as (input: TransformInput) => TransformOutput)(next);
    if (!schema || schema.hide) return call(input);
    const docs = schema.docs as RouteDocs | undefined;
    const { docs: _docs, ...rest } = schema;
    const next: Record<string, unknown> = { ...rest };
    const methods = [input.route?.method ?? []].flat().map((method) => method.toUpperCase());
    if (docs?.security) next.security = docs.security;
    else if (methods.some((method) => UNSAFE_METHODS.has(method))) next.security = WRITE_SECURITY;
    if (docs?.body) next.body = docs.body;
    if (docs?.params) next.params = docs.params;
    if (docs?.consumes) {
      next.body = z.string();
      next.consumes = [...docs.consumes];
    }
    const response: Record<string, unknown> = { ...((rest.response as Record<string, unknown> | undefined) ?? {}) };
    for (const [code, answer] of Object.entries(docs?.response ?? {})) response[code] = answer;
    if (docs?.files) {
      const content = Object.fromEntries(docs.files.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]));
      response['200'] = { description: `A file or stream (${docs.files.join(', ')})`, content };
    }
    response['4XX'] = errorEnvelopeSchema;
    next.response = response;
    const result = call({ ...input, schema: next });
    return { ...result, schema: tidy(result.schema) as object };
  };
  return wrapped as unknown as F;
}

/**
 * Wraps @fastify/swagger's `transformObject` (fastify-type-provider-zod's
 * `jsonSchemaTransformObject`, which writes every named zod schema twice, as input and output):
 * keeps the named schemas the document refers to, tidied like the routes'.
 */
export function documentComponents<F extends (input: never) => object>(transformObject: F): F {
  const wrapped = (input: never) => {
    const document = (transformObject as unknown as (input: never) => { paths?: unknown; components?: { schemas?: Record<string, unknown> } })(input);
    const all = document.components?.schemas ?? {};
    const refersTo = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!));
    const kept = new Set<string>();
    const queue = refersTo(document.paths);
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (kept.has(name) || !(name in all)) continue;
      kept.add(name);
      queue.push(...refersTo(all[name]));
    }
    const schemas = Object.fromEntries([...kept].sort().map((name) => [name, tidy(all[name])]));
    return { ...document, components: { ...document.components, schemas } };
  };
  return wrapped as unknown as F;
}
