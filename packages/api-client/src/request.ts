import { apiUrl } from './config.js';
import { csrfHeaders } from './cookies.js';
import { navigateTo } from './environment.js';
import { ForbiddenError, HttpError, UnauthorizedError } from './errors.js';
import { RECORD_CHANGES_HEADER, receiveRecordChanges } from './recordChanges.js';
import { NOT_AUTHORIZED_ROUTE, currentRestoreGeneration, expireSession, restoreSessionOnce } from './session.js';

/** What an empty body yields (spec section 7). */
export type EmptyResponse = { status: 'OK'; data: never[]; message: 'No data available' };

export const emptyResponse = (): EmptyResponse => ({ status: 'OK', data: [], message: 'No data available' });

export type ApiRequestOptions = Omit<RequestInit, 'body'> & {
  /** A plain object or array is sent as JSON; FormData and other body types are sent as they are. */
  body?: BodyInit | Record<string, unknown> | readonly unknown[] | null;
  /** `'blob'` always returns the body as a Blob (downloads). */
  responseType?: 'auto' | 'blob';
  /** Skip the 401 → restore-session → repeat handling (a 401 then throws an HttpError). */
  skipSessionRestore?: boolean;
};

const BLOB_CONTENT = /spreadsheet|ms-excel|octet-stream/i;
const JSON_CONTENT = /[/+]json\b/i;

function isPlainBody(body: unknown): body is Record<string, unknown> | readonly unknown[] {
  if (body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const proto = Object.getPrototypeOf(body) as unknown;
  return proto === Object.prototype || proto === null;
}

function buildInit(options: ApiRequestOptions): RequestInit {
  const { body, responseType: _responseType, skipSessionRestore: _skip, headers, ...rest } = options;
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(csrfHeaders())) merged.set(name, value);
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  if (!isFormData && !merged.has('Content-Type')) merged.set('Content-Type', 'application/json');
  return {
    ...rest,
    credentials: 'include',
    headers: merged,
    body: isPlainBody(body) ? JSON.stringify(body) : (body as BodyInit | null | undefined),
  };
}

/** Turns an ok response into a Blob, text, parsed JSON or the empty-body object (spec section 7). */
export async function parseResponse<T>(response: Response, responseType: ApiRequestOptions['responseType']): Promise<T> {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (responseType === 'blob' || BLOB_CONTENT.test(contentType)) return (await response.blob()) as T;
  const text = await response.text();
  if (text.trim() === '') return emptyResponse() as T;
  if (contentType && !JSON_CONTENT.test(contentType)) return text as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

async function readBodyText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

/**
 * The common request helper (spec sections 7 and 8): credentials, base URL, CSRF header, JSON
 * content type, response parsing, and the error catalogue: 401 restores the session once and
 * repeats the request, 423 sends the user to /not-authorized, anything else non-ok throws an
 * `HttpError`.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const url = apiUrl(path);
  const send = () => fetch(url, buildInit(options));

  const sentAt = currentRestoreGeneration();
  let response = await send();

  if (response.status === 401 && !options.skipSessionRestore) {
    const restored = await restoreSessionOnce(sentAt);
    if (restored) response = await send();
    if (!restored || response.status === 401) {
      await expireSession();
      throw new UnauthorizedError();
    }
  }

  if (response.status === 423) {
    void navigateTo(NOT_AUTHORIZED_ROUTE);
    throw new ForbiddenError();
  }

  // What the request changed (issue 25): the screens holding those records read them again, before
  // the caller sees the answer, so the next screen never shows them as they were.
  const changed = response.headers.get(RECORD_CHANGES_HEADER);
  if (changed) receiveRecordChanges(changed, 'response');

  if (!response.ok) throw new HttpError(response.status, await readBodyText(response));

  return parseResponse<T>(response, options.responseType);
}
