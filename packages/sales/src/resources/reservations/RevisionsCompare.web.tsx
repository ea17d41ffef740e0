import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatMoney, formatPercent, humanize } from '@propdesk/records/web';
import type { ReservationRevision } from './model.js';

const ROWS: readonly [string, string, 'ref' | 'money' | 'percent' | 'text'][] = [
  ['unit', 'Unit', 'ref'],
  ['project', 'Project', 'ref'],
  ['paymentPlan', 'Payment plan', 'ref'],
  ['offer', 'Offer', 'ref'],
  ['listPrice', 'List price', 'money'],
  ['discountKind', 'Discount as', 'text'],
  ['discountValue', 'Discount', 'text'],
  ['discountAmount', 'Discount amount', 'money'],
  ['discountPct', 'Discount %', 'percent'],
  ['netPrice', 'Net price', 'money'],
];

function shown(value: unknown, kind: 'ref' | 'money' | 'percent' | 'text', labels: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'ref') return labels[String(value)] ?? String(value);
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return formatPercent(value);
  return humanize(String(value));
}

/** One revision side by side: the reservation as it was and as the modification makes it, changed rows marked. */
export function RevisionCompare({ revision }: { revision: ReservationRevision }) {
  const after = revision.after ?? { ...revision.before, ...revision.changes };
  const from = Number(revision.before.revision ?? revision.revision - 1);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Revision ${revision.revision}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">
          Revision {from} → {revision.revision}
        </Typography>
        <Chip size="small" label={humanize(revision.status)} color={revision.status === 'approved' ? 'success' : revision.status === 'pending' ? 'warning' : 'default'} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Asked by {revision.requestedBy ?? 'someone'} on {formatDateTime(revision.requestedAt)}: {revision.reason}
        {revision.decidedAt ? ` · ${humanize(revision.status)} by ${revision.decidedBy ?? 'the server'} on ${formatDateTime(revision.decidedAt)}${revision.decisionReason ? `: ${revision.decisionReason}` : ''}` : ''}
      </Typography>
      <Table size="small" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>Revision {from}</TableCell>
            <TableCell>{revision.status === 'pending' ? 'Asked for' : `Revision ${revision.revision}`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map(([name, label, kind]) => {
            const before = shown(revision.before[name], kind, revision.labels);
            const next = shown(after[name], kind, revision.labels);
            const changed = before !== next;
            return (
              <TableRow key={name} selected={changed}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>{before}</TableCell>
                <TableCell sx={changed ? { fontWeight: 600 } : undefined}>{next}</TableCell>
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
  if (revisions.length === 0) return <Typography color="text.secondary">No modification has been asked for.</Typography>;
  return (
    <Stack spacing={2}>
      {revisions.map((revision) => (
        <RevisionCompare key={revision.id} revision={revision} />
      ))}
    </Stack>
  );
}
