/*
 * Everything the browser keeps for the signed-in user (the RTK Query cache, a package's prefetched
 * answers or memoised promises, selections, stored list preferences) registers its reset here once,
 * so a sign-out forgets all of it and the next user of the tab sees nothing of the last one.
 */
const resets = new Set<() => void>();

/**
 * Registers `reset` to run whenever the session ends in this tab (logout, session expiry) and
 * before a sign-in. Returns an unsubscribe. Call it once per cache, at module level or at startup.
 */
export function onSignOut(reset: () => void): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

/** Runs every registered reset now (a failing one is logged; the others still run). */
export function resetClientState(): void {
  for (const reset of [...resets]) {
    try {
      reset();
    } catch (error) {
      console.error('A sign-out reset failed.', error);
    }
  }
}

/** Forgets every registration (tests). */
export function clearSignOutResets(): void {
  resets.clear();
}
