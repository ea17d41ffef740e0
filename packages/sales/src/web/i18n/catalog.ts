import { defineCatalog } from '@propdesk/i18n';
import { en } from './en.js';

/** The sales screens' words; the Arabic loads only for those who read it. */
export const salesCatalog = defineCatalog('sales', en, () => import('./ar.js'));
