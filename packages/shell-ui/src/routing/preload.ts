/** Spec section 9: a route's chunk is preloaded after its link has been hovered for 200 ms. */
export const HOVER_PRELOAD_DELAY_MS = 200;

export type Preloader = (path: string) => void;

/**
 * Hover handlers that call `preload(path)` once the pointer has stayed `delayMs` on the link;
 * leaving earlier cancels it.
 */
export function createHoverPreload(preload: Preloader, delayMs: number = HOVER_PRELOAD_DELAY_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    start(path: string) {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        preload(path);
      }, delayMs);
    },
    cancel,
  };
}

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `task` when the browser is idle (or after a short delay where idle callbacks are missing). */
export function whenIdle(task: () => void, target: IdleWindow = globalThis as IdleWindow): () => void {
  if (target.requestIdleCallback) {
    const handle = target.requestIdleCallback(task, { timeout: 5000 });
    return () => target.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(task, 1500);
  return () => clearTimeout(timer);
}
