import { beforeAll } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { recordsCatalog } from '../web/i18n/catalog.js';

// The product's bootstrap has ICU's formatter loaded before a records page renders (the shell's own
// English words need it); page tests that render synchronously start from the same point.
beforeAll(() => loadCatalog(recordsCatalog, 'en'));

// A `findBy…` or `waitFor` ends as soon as what it waits for is there; its limit (Testing Library's
// default 1 s) only bounds how long a busy machine may take to answer from msw and draw the MUI screen.
// At a load of 7–10 on 2 cores, waits with that default took up to 1.1 s here (and 2.3 s in sales) and
// passed only because a check landed before the late timer fired; a little more load and they fail
// ('Unable to find …'). As in shell-ui, 8 s, well inside these tests' 30 s. Server tests (no document) skip it.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 8000 });
}
