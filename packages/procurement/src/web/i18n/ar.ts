import type { Messages } from '@propdesk/i18n';
import type { ProcurementWebKey } from './en.js';
import { comparisonAr } from './comparison.ar.js';
import { dashboardAr } from './dashboard.ar.js';
import { forms2Ar } from './forms2.ar.js';

/** The procurement screens' Arabic (docs/i18n-glossary.md); six plural forms, digits 0–9. */
const ar: Messages<ProcurementWebKey> = {
  ...comparisonAr,
  ...dashboardAr,
  ...forms2Ar,
};

export default ar;
