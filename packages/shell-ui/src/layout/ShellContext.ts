import { createContext, useContext } from 'react';
import type { ComposedShell } from '../compose/composeModules.js';
import type { ShellSession } from '../session.js';

/** What the layout's parts share: the composed manifests, the session adapter and the preloader. */
export type ShellRuntime = {
  composed: ComposedShell;
  /** Selectors take the app's state; `never` accepts any adapter's state type. */
  session: ShellSession<never>;
  /** Warms the chunk of the route at this path (no-op for unknown paths). */
  preload: (path: string) => void;
  /** Chunks to warm when the browser is idle after sign-in. */
  corePreloads: readonly (() => Promise<unknown>)[];
};

export const ShellContext = createContext<ShellRuntime | null>(null);

export function useShell(): ShellRuntime {
  const runtime = useContext(ShellContext);
  if (!runtime) throw new Error('useShell needs the ShellLayout from createAppRoutes');
  return runtime;
}
