import { defineCatalog } from '@propdesk/i18n';
import { en } from './en.js';

/** The shell's words; the Arabic loads only for those who read it. */
export const shellCatalog = defineCatalog('shell', en, () => import('./ar.js'));

/** The catalog key of each sidebar mode's name (the sidebar's heading and the user menu's "Go to"). */
export const MODE_KEYS = { sales: 'modeSales', settings: 'modeSettings', procurement: 'modeProcurement' } as const;
