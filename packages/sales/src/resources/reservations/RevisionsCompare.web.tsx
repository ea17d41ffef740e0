import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { humanize } from '@propdesk/records/web';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import type { ReservationRevision } from './model.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat, type SalesFormat } from '../../web/i18n/format.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';

type RowKind = 'ref' | 'money' | 'percent' | 'text';
const ROWS: readonly [string, RowKind][] = [
  ['unit', 'ref'],
  ['project', 'ref'],
  ['paymentPlan', 'ref'],
  ['offer', 'ref'],
  ['listPrice', 'money'],
  ['discountKind', 'text'],
  ['discountValue', 'text'],
  ['discountAmount', 'money'],
  ['discountPct', 'percent'],
  ['netPrice', 'money'],
];

function shown(value: unknown, kind: RowKind, labels: Record<string, string>, format: SalesFormat, option: (value: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'ref') return labels[String(value)] ?? String(value);
  if (kind === 'money') return format.money(value);
  if (kind === 'percent') return format.percent(value);
  return option(String(value));
}

/** "Asked by … on …: …", the asker's name (when known) and the reason isolated as data. */
function asked(t: ReturnType<typeof useT<SalesKey>>, who: string, named: boolean, at: string, reason: string | null) {
  const nodes = { ...(named ? { who: isolate(who) } : {}), ...(reason ? { reason: isolate(reason) } : {}) };
  return richText(t, 'rev.asked', { who, at, reason: reason ?? '' }, nodes);
}

/** One revision side by side: the reservation as it was and as the modification makes it, changed rows marked. */
export function RevisionCompare({ revision }: { revision: ReservationRevision }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const optionLabel = useOptionLabel();
  // English as before (humanized values); Arabic the definition's option words (a discount's kind).
  const option = (value: string) => (format.language === 'en' ? humanize(value) : optionLabel('reservations', 'discountKind', value));
  const status = t(`rev.status.${revision.status}` as SalesKey);
  const after = revision.after ?? { ...revision.before, ...revision.changes };
  const from = Number(revision.before.revision ?? revision.revision - 1);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('rev.revision', { n: String(revision.revision) })}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">
          {t('rev.fromTo', { from: String(from), to: String(revision.revision) })}
        </Typography>
        <Chip size="small" label={status} color={revision.status === 'approved' ? 'success' : revision.status === 'pending' ? 'warning' : 'default'} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {/* Who asked or decided and why are data people typed: isolated, so a Latin name keeps its place in Arabic. */}
        {asked(t, revision.requestedBy ?? t('rev.someone'), revision.requestedBy !== null, format.dateTime(revision.requestedAt), revision.reason)}
        {revision.decidedAt ? (
          <>
            {richText(t, 'rev.decided', { status, who: revision.decidedBy ?? t('rev.theServer'), at: format.dateTime(revision.decidedAt) }, revision.decidedBy ? { who: isolate(revision.decidedBy) } : {})}
            {revision.decisionReason ? <>: {isolate(revision.decisionReason)}</> : null}
          </>
        ) : null}
      </Typography>
      <Table size="small" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{t('rev.revision', { n: String(from) })}</TableCell>
            <TableCell>{revision.status === 'pending' ? t('rev.askedFor') : t('rev.revision', { n: String(revision.revision) })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map(([name, kind]) => {
            const before = shown(revision.before[name], kind, revision.labels, format, option);
            const next = shown(after[name], kind, revision.labels, format, option);
            const changed = before !== next;
            return (
              <TableRow key={name} selected={changed}>
                <TableCell component="th" scope="row">
                  {t(`rev.row.${name}` as SalesKey)}
                </TableCell>
                <TableCell>{kind === 'ref' ? isolate(before) : before}</TableCell>
                <TableCell sx={changed ? { fontWeight: 600 } : undefined}>{kind === 'ref' ? isolate(next) : next}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** Every revision of a reservation, newest first. */
export function RevisionsList({ revisions }: { revisions: readonly ReservationRevision[] }) {
  const t = useT(salesCatalog);
  if (revisions.length === 0) return <Typography color="text.secondary">{t('rev.none')}</Typography>;
  return (
    <Stack spacing={2}>
      {revisions.map((revision) => (
        <RevisionCompare key={revision.id} revision={revision} />
      ))}
    </Stack>
  );
}
