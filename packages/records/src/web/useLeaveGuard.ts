import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';

/** Leaving a form with unsaved changes asks first: a link in the app (the blocker) or closing the tab. */
export function useLeaveGuard(dirty: boolean, saved: RefObject<boolean>) {
  // Read through a ref: the navigation right after a save happens before the next render.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !saved.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
