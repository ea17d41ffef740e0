import { assembleSections, domainModule, type DomainModule } from '@propdesk/shell-ui';
import { translator } from '@propdesk/i18n';
import { registerShownReason, registerShownText, registerValidationWords } from '@propdesk/records/web';
import { SALES_SECTIONS, SALES_WEB_FOLDERS } from './manifest.js';
import { salesValidationCatalog } from '../model/i18n/validation.js';
import { LEDGER_LABEL_DISPLAY } from '../model/ledgerLabels.js';
import { salesCatalog } from './i18n/catalog.js';
import { salesFormat } from './i18n/format.js';
import { storedLabel } from './i18n/storedLabels.js';
import { systemReason } from './i18n/systemReasons.js';
import { CREATE_CUSTOMER_ROUTE, customerLinks } from '../resources/leads/links.js';
import { holdLinks, holdSetupLinks } from '../resources/hold-requests/links.js';
import { discountAuthorityLinks, reservationLinks, reservationSetupLinks } from '../resources/reservations/links.js';

/**
 * The sales domain: leads, EOI, customers, reservations, contracts, hold requests, and the
 * payment, receipt and bounced-cheque screens (sales records the spec shows in Settings mode).
 * Its sidebar sections and each folder's screens are the web manifest's (manifest.ts).
 * Users (Sales sidebar order 6) are contributed by @propdesk/settings.
 */
// The words of sales' own rules, found by their English in a form's errors (decision 326).
registerValidationWords(salesValidationCatalog);
// The ledger's labels, stored in English, in the engine's own lists and views in Arabic (decision 357).
registerShownText(LEDGER_LABEL_DISPLAY, (stored, language) => storedLabel(stored, translator(salesCatalog, language), salesFormat(language)), salesCatalog);
// The reasons sales' server code writes into histories and unit stories, in the page's language.
registerShownReason((stored, language) => systemReason(stored, translator(salesCatalog, language)), salesCatalog);

export const salesModule: DomainModule = domainModule({
  id: 'sales',
  // Arabic only for those who read it: each file is a chunk of its own (docs/i18n-glossary.md).
  definitionWords: { ar: () => import('../i18n/definitions.ar.js') },
  manifestWords: { ar: () => import('../i18n/manifest.ar.js') },
  modePrefixes: [
    { prefix: '/sales', mode: 'sales' },
    { prefix: reservationLinks.route, mode: 'sales' },
    // Sales sidebar items whose spec paths start with /settings: longer than the settings
    // module's '/settings', so the sidebar stays in Sales mode on them.
    ...[customerLinks.route, CREATE_CUSTOMER_ROUTE, holdLinks.route, holdSetupLinks.route, reservationSetupLinks.route, discountAuthorityLinks.route].map((prefix) => ({ prefix, mode: 'sales' as const })),
    // Receipt screens are Settings-mode (spec section 2, sidebar).
    { prefix: '/receipt', mode: 'settings' },
  ],
  sections: assembleSections(SALES_SECTIONS, SALES_WEB_FOLDERS),
});
