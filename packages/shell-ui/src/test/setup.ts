import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Rendering the whole MUI shell in jsdom takes a few seconds on a loaded CI machine; the spec's
// timings are tested with fake timers, so these generous waits do not weaken any assertion.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
