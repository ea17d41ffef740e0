import type { FastifyInstance } from 'fastify';
import { badRequest, fieldError, sendError } from './errors.js';
import { serverKitCatalog } from './i18n/catalog.js';
import { text } from './localize.js';

/** NUL, and a UTF-16 surrogate without its pair: PostgreSQL cannot store either in text. */
// NUL is the very character this rule is about.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 64;

/** The path of the first string (or key) in `value` the database cannot store, or null. */
export function findUnstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, path ? `${path}.${index}` : String(index), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return keyPath;
    const found = findUnstorableText(item, keyPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One rule for every route: a JSON body, query string or path parameter holding NUL or a lone
 * surrogate is refused with a 400 naming the field, before it reaches a handler or the database.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  // A callback hook: it runs on every request and awaits nothing.
  app.addHook('preValidation', (request, reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnstorableText(value, '');
      if (field !== null) {
        sendError(reply, badRequest('Validation failed', [fieldError(field || part, text(serverKitCatalog, 'unstorableText'))]));
        return;
      }
    }
    done();
  });
}
