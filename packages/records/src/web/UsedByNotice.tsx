import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useT } from '@propdesk/i18n/react';
import { definitionWordsIn } from '@propdesk/shell-ui';
import type { Usage } from '../model/index.js';
import { recordsCatalog } from './i18n/catalog.js';
import { useLocalizer } from './i18n/localizedDefinition.js';
import { useFormat, type ValueFormat } from './i18n/valueFormat.js';
import { findResource } from './registry.js';

export type UsedByNoticeProps = {
  recordId: string;
  used: readonly Usage[];
};

/** "1 broker contract", "2 lead activities". */
const usageText = (item: Usage) => `${item.count} ${(item.count === 1 ? (findResource(item.resource)?.singular ?? item.label) : item.label).toLowerCase()}`;

/** Why a record cannot be deleted: what uses it, each a link to those records' list. */
export function UsedByNotice({ recordId, used }: UsedByNoticeProps) {
  const t = useT(recordsCatalog);
  const format = useFormat();
  const localize = useLocalizer();
  // Another language: the list's name and its count ("العقود (2)"), no plural to agree with; English as it was.
  const text = (item: Usage, words: ValueFormat) => {
    if (words.language === 'en') return usageText(item);
    // A resource of a lazy screen not opened yet is not registered: its list's name straight from the domains' words.
    const def = findResource(item.resource);
    const named = def ? localize(def).label : definitionWordsIn(words.language)?.[`${item.resource}.label`];
    // <bdi>: a list's name left in English (its words not loaded) keeps its count beside it.
    return <bdi>{t('usageCount', { label: named ?? item.label, n: words.count(item.count) })}</bdi>;
  };
  return (
    <Alert severity="info">
      {t('usedByBefore')}
      {used.map((item, index) => (
        <span key={`${item.resource}.${item.field}`}>
          {index > 0 ? format.comma : ''}
          {item.route ? (
            <Link component={RouterLink} to={`${item.route}?where=${encodeURIComponent(JSON.stringify({ field: item.field, op: 'eq', value: recordId }))}&active=all`}>
              {text(item, format)}
            </Link>
          ) : (
            text(item, format)
          )}
        </span>
      ))}
      {t('usedByAfter')}
    </Alert>
  );
}
