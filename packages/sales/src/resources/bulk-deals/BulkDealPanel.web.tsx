import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import type { ResourcePageProps } from '@propdesk/records/web';

type Match = { eoiId: string; eoi: string; token: number; tokenLabel: string | null; customer: string | null; unit: string; price: string | null; by: 'hand' | number };
type Conflict = { eoi: string; token: number | null; kind: string; unit: string | null; message: string };
type Run = { setup: { name: string }; plan: { name: string }; matches: Match[]; conflicts: Conflict[] };

const KIND_LABEL: Readonly<Record<string, string>> = {
  no_unit: 'No unit fits',
  wanted_by_two: 'Wanted by two',
  taken: 'Taken meanwhile',
  not_paid: 'Not a paid EOI',
  no_such_unit: 'No such unit',
};
/** At most this many rows of each table are drawn; the counts above them say how many there are. */
const SHOWN = 500;
const money = (value: string | null) => (value === null ? '—' : Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** The dry run of a bulk deal: every match with its price and plan, and every conflict. */
export function BulkDealPanel({ record }: { record: RecordRow }) {
  const run = record.result as Run | null | undefined;
  if (!run || !Array.isArray(run.matches)) {
    return <Alert severity="info">No dry run yet: run it to see the matches and conflicts before publishing.</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h6">
        Dry run: {run.matches.length} matched, {run.conflicts.length} conflicts (plan {run.plan.name})
      </Typography>
      {run.conflicts.length > 0 ? (
        <Paper variant="outlined">
          <Table size="small" aria-label="Conflicts">
            <TableHead>
              <TableRow>
                <TableCell>Token</TableCell>
                <TableCell>EOI</TableCell>
                <TableCell>Conflict</TableCell>
                <TableCell>Unit</TableCell>
                <TableCell>What happened</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {run.conflicts.slice(0, SHOWN).map((item, index) => (
                <TableRow key={`${item.eoi}-${index}`}>
                  <TableCell>{item.token ?? '—'}</TableCell>
                  <TableCell>{item.eoi}</TableCell>
                  <TableCell>
                    <Chip size="small" color="warning" label={KIND_LABEL[item.kind] ?? item.kind} />
                  </TableCell>
                  <TableCell>{item.unit ?? '—'}</TableCell>
                  <TableCell>{item.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      <Paper variant="outlined">
        <Table size="small" aria-label="Matches">
          <TableHead>
            <TableRow>
              <TableCell>Token</TableCell>
              <TableCell>EOI</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell>Unit</TableCell>
              <TableCell align="right">Price on the plan</TableCell>
              <TableCell>Plan</TableCell>
              <TableCell>By</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {run.matches.slice(0, SHOWN).map((item) => (
              <TableRow key={item.eoiId}>
                <TableCell>{item.tokenLabel ?? item.token}</TableCell>
                <TableCell>{item.eoi}</TableCell>
                <TableCell>{item.customer ?? '—'}</TableCell>
                <TableCell>{item.unit}</TableCell>
                <TableCell align="right">{money(item.price)}</TableCell>
                <TableCell>{run.plan.name}</TableCell>
                <TableCell>{item.by === 'hand' ? 'By hand' : `Preference ${item.by}`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {run.matches.length > SHOWN || run.conflicts.length > SHOWN ? (
        <Box>
          <Typography variant="body2" color="text.secondary">
            The first {SHOWN} rows of each table are shown.
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}

export const bulkDealPage: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <BulkDealPanel record={record} />,
};
