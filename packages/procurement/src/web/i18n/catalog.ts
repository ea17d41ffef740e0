import { defineCatalog } from '@propdesk/i18n';
import { en } from './en.js';

/**
 * The procurement screens' own words (the quotation comparison...); the Arabic loads only for those
 * who read it. The engine's screens take their words from the definitions (`src/i18n/definitions.ar.ts`).
 */
export const procurementWebCatalog = defineCatalog('procurement-web', en, () => import('./ar.js'));
