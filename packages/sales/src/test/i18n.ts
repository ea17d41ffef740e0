import { beforeAll } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { salesCatalog } from '../web/i18n/catalog.js';

// In the product the shell has loaded ICU's formatter (its English plural needs it) before any sales
// screen draws, so the sales words never suspend in English; tests that render a screen synchronously
// start from the same point.
beforeAll(() => loadCatalog(salesCatalog, 'en'));
