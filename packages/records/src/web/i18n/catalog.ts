import { defineCatalog } from '@propdesk/i18n';
import { en } from './en.js';

/** The records engine's own words; the Arabic loads only for those who read it. */
export const recordsCatalog = defineCatalog('records', en, () => import('./ar.js'));
