import { assembleSections, domainModule, type DomainModule } from '@propdesk/shell-ui';
import { registerValidationWords } from '@propdesk/records/web';
import { PROCUREMENT_SECTIONS, PROCUREMENT_WEB_FOLDERS } from './manifest.js';
import { procurementValidationCatalog } from '../model/i18n/validation.js';

/**
 * The procurement domain: purchase requests, purchase orders and quotations (spec section 2), and
 * issue 9's suppliers and approval tiers; each a records-engine screen from its definition, its
 * own sidebar entry shown for read on its entity. The purchase-request guard is the spec's
 * PurchaseRequest; landing entry 28 names prheader, an alias the privilege engine folds.
 * Its sidebar sections and each folder's screens are the web manifest's (manifest.ts).
 */
// The words of procurement' own rules, found by their English in a form's errors (decision 326).
registerValidationWords(procurementValidationCatalog);

export const procurementModule: DomainModule = domainModule({
  id: 'procurement',
  // Arabic only for those who read it: each file is a chunk of its own (docs/i18n-glossary.md).
  definitionWords: { ar: () => import('../i18n/definitions.ar.js') },
  manifestWords: { ar: () => import('../i18n/manifest.ar.js') },
  modePrefixes: [{ prefix: '/procurement', mode: 'procurement' }],
  sections: assembleSections(PROCUREMENT_SECTIONS, PROCUREMENT_WEB_FOLDERS),
});
