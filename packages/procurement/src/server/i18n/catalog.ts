import { serverCatalog, text, type LocalText, type TextParams } from '@propdesk/server-kit';
import { en, type ProcurementKey } from './en.js';

/** Procurement's server words (its notifications so far; its other messages are still English text). */
export const procurementCatalog = serverCatalog('procurement', en, () => import('./ar.js'));

/** A notification's title or body by key: notifications-core renders it in each reader's language. */
export const notice = (key: ProcurementKey, params?: TextParams): LocalText => text(procurementCatalog, key, params);
