import { defineCatalog } from '@propdesk/i18n';
import { en } from './en.js';

/**
 * The settings screens' own words (the role privileges matrix, the user, units, company, API key and
 * webhook screens' extras); the Arabic loads only for those who read it. The engine's screens take
 * their words from the definitions (`src/i18n/definitions.ar.ts`).
 */
export const settingsWebCatalog = defineCatalog('settings-web', en, () => import('./ar.js'));

/** The privileges registry's entity names (`entity.<name>`), English exactly the registry's labels. */
export { entityCatalogOf } from './entities.js';
