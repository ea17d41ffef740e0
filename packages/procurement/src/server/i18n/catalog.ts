import { adoptCatalog, registerValidationWords, serverCatalog, text, type LocalText, type TextParams, type Word } from '@propdesk/server-kit';
import definitionWords from '../../i18n/definitions.ar.js';
import { procurementValidationCatalog as validationWords } from '../../model/i18n/validation.js';
import { en, type ProcurementKey } from './en.js';

/** Procurement's server words: the refusals of its documents and calls, by key (decision 220). */
export const procurementCatalog = serverCatalog('procurement', en, () => import('./ar.js'));

/** The words of procurement's definitions' rules, found by their English (shared with the web). */
export const procurementValidationCatalog = adoptCatalog(validationWords);
registerValidationWords(procurementValidationCatalog);

/** A procurement message by key. */
export const procurementText = (key: ProcurementKey, params?: TextParams): LocalText => text(procurementCatalog, key, params);

const arabicWords: Readonly<Record<string, string | undefined>> = definitionWords;

/** A procurement document's state as `{status}`: English as the API wrote it (`partially ordered`), Arabic the definition's label. */
export const stateWord = (resource: string, status: unknown): Word => ({
  en: String(status ?? '').replace(/_/g, ' '),
  ar: arabicWords[`${resource}.fields.status.options.${String(status)}`],
});

/** A notification's title or body by key: notifications-core renders it in each reader's language. */
export const notice = (key: ProcurementKey, params?: TextParams): LocalText => text(procurementCatalog, key, params);
