import { formatNumber } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { PASSWORD_MIN_LENGTH } from '../../model/people.js';
import { settingsWebCatalog } from '../i18n/catalog.js';

/** The user screens' `t`, and the password's least length written in the page's language (Latin digits). */
export function useUserWords() {
  const t = useT(settingsWebCatalog);
  const language = useLanguage();
  return { t, least: formatNumber(PASSWORD_MIN_LENGTH, language) };
}
