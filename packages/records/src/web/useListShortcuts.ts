import { useEffect, type RefObject } from 'react';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null);

/** The list's keys: "/" focuses the search, "n" opens a new record (where the user may create one). */
export function useListShortcuts(searchInput: RefObject<HTMLInputElement | null>, mayCreate: boolean, onCreate: () => void) {
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        searchInput.current?.focus();
      } else if (event.key === 'n' && mayCreate) {
        event.preventDefault();
        onCreate();
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [searchInput, mayCreate, onCreate]);
}
