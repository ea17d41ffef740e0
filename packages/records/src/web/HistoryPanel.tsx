import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { HistoryEntry, ResourceDef } from '../model/index.js';
import { useRecordHistoryQuery } from './api.js';
import { formatTimestamp, formatValue, humanize } from './format.js';

export type HistoryPanelProps = {
  def: ResourceDef;
  id: string;
  /** Offered per changed field when the user may edit: puts the earlier value back. */
  onRestore?: ((field: string, value: unknown) => void) | undefined;
};

/** Where a change came from, as staff say it ("from another program" for a call of the API from outside the screens). */
const SOURCE_LABELS: Record<HistoryEntry['source'], string> = { screen: 'screen', import: 'import', api: 'another program', action: 'an action', job: 'a scheduled job', system: 'the system' };

/** Who changed what, when, from where: before and after, field by field. */
export function HistoryPanel({ def, id, onRestore }: HistoryPanelProps) {
  const { data, isLoading, isError } = useRecordHistoryQuery({ resource: def.name, id });
  if (isLoading) return <Skeleton variant="rounded" height={120} />;
  if (isError || !data) return <Typography color="error">The history could not be loaded.</Typography>;
  if (data.length === 0) return <Typography color="text.secondary">No changes recorded yet.</Typography>;
  return (
    <List aria-label="History" disablePadding>
      {data.map((entry) => (
        <ListItem key={entry.id} divider sx={{ display: 'block', px: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2">{humanize(entry.action.replace(/\./g, ' '))}</Typography>
            <Typography variant="body2" color="text.secondary">
              {entry.actorName ?? 'System'} · {formatTimestamp(entry.at)}
            </Typography>
            <Chip size="small" label={`from ${SOURCE_LABELS[entry.source] ?? humanize(entry.source)}`} variant="outlined" />
          </Box>
          {entry.reason ? <Typography variant="body2">Reason: {entry.reason}</Typography> : null}
          <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr auto', columnGap: 2, rowGap: 0.5 }}>
            {/* Hidden fields (a dry run's stored result, a reminder's time) are the server's bookkeeping, not a person's reading. */}
            {Object.entries(entry.changes).filter(([name]) => !def.fields[name]?.hidden).map(([name, change]) => {
              const field = def.fields[name] ?? (name === 'active' ? { kind: 'boolean' as const, label: 'Active' } : undefined);
              return (
                <Box key={name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {field?.label ?? name}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {entry.action === 'create' ? '' : <><s>{formatValue(field, change.before, change.beforeLabel) || '—'}</s>{' → '}</>}
                    {formatValue(field, change.after, change.afterLabel) || '—'}
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    {onRestore && entry.action !== 'create' && field && !field.readOnly && def.fields[name] ? (
                      <Button size="small" onClick={() => onRestore(name, change.before)} aria-label={`Restore ${field.label} to its earlier value`}>
                        Restore
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
