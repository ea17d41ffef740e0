import { beforeAll } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { salesCatalog } from '../web/i18n/catalog.js';

// In the product the shell has loaded ICU's formatter (its English plural needs it) before any sales
// screen draws, so the sales words never suspend in English; tests that render a screen synchronously
// start from the same point.
beforeAll(() => loadCatalog(salesCatalog, 'en'));

// A `findBy…` or `waitFor` ends as soon as what it waits for is there; its limit (Testing Library's
// default 1 s) only bounds how long a busy machine may take to answer from msw and draw the MUI screen.
// At a load of about 9 on 2 cores, waits with that default took up to 2.3 s here (bounced cheques'
// first list, a hold's sentence 1.6 s) and passed only because a check landed before the late timer
// fired; a little more load and they fail ('Unable to find …'). As in shell-ui and records, 8 s. A test
// left at vitest's 5 s limit then fails on that limit instead. Node tests (no document) skip it.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 8000 });
}
