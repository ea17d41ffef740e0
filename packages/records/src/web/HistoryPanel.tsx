import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ResourceDef } from '../model/index.js';
import { useRecordHistoryQuery } from './api.js';
import { formatValue, humanize } from './format.js';
import { shownReason } from './shownText.js';
import { useFormat } from './i18n/valueFormat.js';
import { isolate, richText, useLanguage, useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

/** The history action of a contract's configured step (sales' contracts lifecycle writes `step: <the step's name>`). */
const STEP_ACTION = 'step: ';

export type HistoryPanelProps = {
  def: ResourceDef;
  id: string;
  /** Offered per changed field when the user may edit: puts the earlier value back. */
  onRestore?: ((field: string, value: unknown) => void) | undefined;
};

/** Who changed what, when, from where: before and after, field by field. */
export function HistoryPanel({ def, id, onRestore }: HistoryPanelProps) {
  const t = useT(recordsCatalog);
  const language = useLanguage();
  const format = useFormat();
  // English keeps the history's words as they were (the action's name humanized); another language names a workflow action by its
  // label, and a contract's configured step (`step: <its name>`, the name being data) in its own words with the name isolated.
  const actionTitle = (action: string): ReactNode => {
    if (language !== 'en' && action.startsWith(STEP_ACTION)) {
      const name = action.slice(STEP_ACTION.length);
      return richText(t, 'historyStep', { name }, { name: isolate(name) });
    }
    const name = (language !== 'en' ? def.actions?.[action]?.label : undefined) ?? humanize(action.replace(/\./g, ' '));
    return t('historyAction', { action, name });
  };
  const { data, isLoading, isError } = useRecordHistoryQuery({ resource: def.name, id });
  if (isLoading) return <Skeleton variant="rounded" height={120} />;
  if (isError || !data) return <Typography color="error">{t('historyFailed')}</Typography>;
  if (data.length === 0) return <Typography color="text.secondary">{t('noChanges')}</Typography>;
  return (
    <List aria-label={t('history')} disablePadding>
      {data.map((entry) => (
        <ListItem key={entry.id} divider sx={{ display: 'block', px: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2">{actionTitle(entry.action)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {entry.actorName ? <bdi>{entry.actorName}</bdi> : t('system')} · <bdi>{format.dateTime(entry.at)}</bdi>
            </Typography>
            <Chip size="small" label={t('fromSource', { source: entry.source })} variant="outlined" />
          </Box>
          {entry.reason ? <Typography variant="body2">{richText(t, 'reason', { reason: shownReason(entry.reason, format.language) }, { reason: isolate(shownReason(entry.reason, format.language)) })}</Typography> : null}
          <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr auto', columnGap: 2, rowGap: 0.5 }}>
            {/* Hidden fields (a dry run's stored result, a reminder's time) are the server's bookkeeping, not a person's reading. */}
            {Object.entries(entry.changes).filter(([name]) => !def.fields[name]?.hidden).map(([name, change]) => {
              const field = def.fields[name] ?? (name === 'active' ? { kind: 'boolean' as const, label: t('active') } : undefined);
              return (
                <Box key={name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {field?.label ?? name}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {/* <bdi>: a name, a phone or an address keeps its own order in right-to-left text ("+20…", "…S.A.E."). */}
                    {entry.action === 'create' ? '' : <><s><bdi>{formatValue(field, change.before, change.beforeLabel, format) || '—'}</bdi></s>{t('historyTo')}</>}
                    <bdi>{formatValue(field, change.after, change.afterLabel, format) || '—'}</bdi>
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    {onRestore && entry.action !== 'create' && field && !field.readOnly && def.fields[name] ? (
                      <Button size="small" onClick={() => onRestore(name, change.before)} aria-label={t('restoreLabel', { field: field.label })}>
                        {t('restore')}
                      </Button>
                    ) : null}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
