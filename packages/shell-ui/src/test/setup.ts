import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { shellCatalog } from '../i18n/catalog.js';

// Rendering the whole MUI shell in jsdom takes a few seconds on a loaded CI machine; the spec's
// timings are tested with fake timers, so these generous waits do not weaken any assertion.
configure({ asyncUtilTimeout: 8000 });

// The product's bootstrap loads the shell's words (and ICU's formatter, which its English plural
// needs) before the first render; tests that render the shell synchronously start from the same point.
beforeAll(() => loadCatalog(shellCatalog, 'en'));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
