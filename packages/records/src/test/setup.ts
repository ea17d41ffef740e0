import { beforeAll } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { recordsCatalog } from '../web/i18n/catalog.js';

// The product's bootstrap has ICU's formatter loaded before a records page renders (the shell's own
// English words need it); page tests that render synchronously start from the same point.
beforeAll(() => loadCatalog(recordsCatalog, 'en'));
