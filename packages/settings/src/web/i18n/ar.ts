import type { Messages } from '@propdesk/i18n';
import type { SettingsWebKey } from './en.js';
import { screensAr } from './screens.ar.js';
import { plansAr } from './plans.ar.js';

/** The settings screens' Arabic (docs/i18n-glossary.md); six plural forms, digits 0–9. */
const ar: Messages<SettingsWebKey> = {
  ...screensAr,
  ...plansAr,
};

export default ar;
