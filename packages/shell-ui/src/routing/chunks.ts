/** Spec section 9: a code chunk that has not arrived after 120 s has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkKind = 'js' | 'css';

/** The error of a lazy chunk that failed or timed out (spec section 8). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunk: string;
  readonly kind: ChunkKind;

  constructor(chunk: string, kind: ChunkKind = 'js', options?: { cause?: unknown }) {
    super(kind === 'css' ? `Loading CSS chunk ${chunk} failed` : `Loading chunk ${chunk} failed`, options);
    this.chunk = chunk;
    this.kind = kind;
  }
}

/** Vite reports a failed stylesheet preload as "Unable to preload CSS for …". */
const isCssFailure = (error: unknown) =>
  error instanceof Error && (/preload css/i.test(error.message) || /\.css\b/i.test(error.message));

/**
 * Runs a chunk loader with the chunk timeout. Any failure becomes a `ChunkLoadError` naming
 * the chunk; a timeout rejects at exactly `timeoutMs`.
 */
export function loadChunk<T>(name: string, load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(name, 'js', { cause: new Error(`timed out after ${timeoutMs} ms`) })), timeoutMs);
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(name, isCssFailure(error) ? 'css' : 'js', { cause: error }));
      },
    );
  });
}

/**
 * A loader that shares one in-flight or settled load between the router and the preloaders,
 * and forgets a failed load so the next navigation can retry.
 */
export function memoizedChunk<T>(name: string, load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  let cached: Promise<T> | null = null;
  return () => {
    if (!cached) {
      cached = loadChunk(name, load, timeoutMs);
      cached.catch(() => {
        cached = null;
      });
    }
    return cached;
  };
}

type PreloadErrorEvent = Event & { payload?: unknown };

/**
 * Listens for Vite's `vite:preloadError` (a chunk's JS or CSS dependency failed to preload) and
 * reports it as a ChunkLoadError. The event is not cancelled, so the dynamic import still
 * rejects and `loadChunk` turns it into the error the route shows.
 */
export function installPreloadErrorHandler(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  report: (error: ChunkLoadError) => void = (error) => console.error(error.message, error.cause),
): () => void {
  const handle = (event: Event) => {
    const cause = (event as PreloadErrorEvent).payload;
    const message = cause instanceof Error ? cause.message : String(cause);
    const file = /(\S+\.(?:css|m?js))\b/i.exec(message)?.[1] ?? message;
    report(new ChunkLoadError(file, isCssFailure(cause) ? 'css' : 'js', { cause }));
  };
  target.addEventListener('vite:preloadError', handle);
  return () => target.removeEventListener('vite:preloadError', handle);
}
