import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { apiErrorText, toApiError } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import type { AwardRequest } from '../../model/api.js';
import { formatMoney } from '../../model/money.js';
import { quantityText } from '../../web/common/DocumentLines.js';
import { ConfirmDialog } from '@propdesk/records/web';
import { useAwardRequestMutation, useRequestComparisonQuery } from './requestApi.web.js';

const AWARDABLE = ['approved', 'partially_ordered'];

/**
 * The comparison of a request's quotations: suppliers as columns, request lines as rows, the
 * lowest price per line and the lowest total marked, expired quotations greyed out; the buyer
 * awards the whole request to one supplier or each line to the one chosen in its row.
 */
// eslint-disable-next-line max-lines-per-function -- issue 30: still to split into hooks and components
export function ComparisonPanel({ requestId, status }: { requestId: string; status: string }) {
  // Saving the request or a quotation, and an award, refresh it (tags).
  const { data, error } = useRequestComparisonQuery(requestId);
  const [awardRequest] = useAwardRequestMutation();
  const checker = useChecker();
  const { enqueueSnackbar } = useSnackbar();
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // An award creates purchase orders and cannot be undone from here: it asks once, naming what it makes.
  const [asking, setAsking] = useState<{ body: AwardRequest; text: string } | null>(null);

  useEffect(() => {
    if (!data) return;
    // Start from the lowest valid price of each line still to order.
    const initial: Record<string, string> = {};
    for (const row of data.rows) {
      const lowest = Object.values(row.cells).find((cell) => cell?.lowest);
      if (lowest && Number(row.orderedQuantity) < Number(row.quantity)) initial[row.requestLine] = lowest.quotation;
    }
    setChoice(initial);
  }, [data]);

  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  if (!data) return null;
  const canAward = AWARDABLE.includes(status) && checker.can('poheader', 'create');
  const award = async (body: AwardRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await awardRequest({ id: requestId, body }).unwrap();
      enqueueSnackbar(`${result.message ?? 'Awarded.'} ${result.data.orders.map((order) => `${order.number} (${order.supplier})`).join(', ')}`, { variant: 'success' });
    } catch (problem) {
      const failed = toApiError(problem);
      setFailure(failed.errors[0]?.message ?? failed.message);
    } finally {
      setBusy(false);
    }
  };
  const chosen = Object.entries(choice).map(([requestLine, quotation]) => ({ requestLine, quotation }));
  const orders = (count: number) => `${count} purchase ${count === 1 ? 'order' : 'orders'}`;
  const askWhole = (quotation: string) => {
    const column = data.columns.find((candidate) => candidate.quotation === quotation);
    setAsking({ body: { quotation }, text: `Award ${column?.number ?? 'this quotation'} to ${column?.supplierName ?? 'its supplier'}? This creates ${orders(1)}.` });
  };
  const askLines = () => {
    const suppliers = new Set(chosen.map((line) => data.columns.find((column) => column.quotation === line.quotation)?.supplierName ?? line.quotation));
    const lines = `${chosen.length} ${chosen.length === 1 ? 'line' : 'lines'}`;
    setAsking({ body: { lines: chosen }, text: `Award ${lines} of ${data.request.number} to ${[...suppliers].join(', ')}? This creates ${orders(suppliers.size)}.` });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Quotation comparison">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Quotation comparison
      </Typography>
      {data.columns.length === 0 ? <Typography color="text.secondary">No quotations recorded for this request yet.</Typography> : null}
      {failure ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      ) : null}
      {data.columns.length > 0 ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Comparison">
            <TableHead>
              <TableRow>
                <TableCell>Request line</TableCell>
                <TableCell align="right">Qty</TableCell>
                {data.columns.map((column) => (
                  <TableCell key={column.quotation} align="right" sx={{ opacity: column.expired ? 0.5 : 1, minWidth: 170, bgcolor: column.expired ? 'action.hover' : undefined }} data-testid={`supplier-${column.supplierName}`}>
                    <Typography sx={{ fontWeight: 600 }}>{column.supplierName}</Typography>
                    <Typography variant="caption" component="div" color="text.secondary">
                      {column.number} · valid until {column.validUntil}
                    </Typography>
                    {column.expired ? <Chip size="small" label="Expired" sx={{ mt: 0.5 }} /> : null}
                    {column.hasAttachment ? (
                      <Link href={`/api/quotations/${column.quotation}/attachment`} target="_blank" rel="noopener" variant="caption" sx={{ display: 'block' }}>
                        Supplier&apos;s PDF
                      </Link>
                    ) : null}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((row) => {
                const open = Number(row.orderedQuantity) < Number(row.quantity);
                return (
                  <TableRow key={row.requestLine}>
                    <TableCell>
                      {row.description}
                      {!open ? <Chip size="small" color="success" variant="outlined" label="Ordered" sx={{ ml: 1 }} /> : null}
                    </TableCell>
                    <TableCell align="right">
                      {quantityText(row.quantity)} {row.unit}
                    </TableCell>
                    {data.columns.map((column) => {
                      const cell = row.cells[column.quotation];
                      if (!cell) return <TableCell key={column.quotation} align="right" sx={{ color: 'text.disabled' }}>not quoted</TableCell>;
                      return (
                        <TableCell
                          key={column.quotation}
                          align="right"
                          sx={{ opacity: column.expired ? 0.5 : 1, bgcolor: cell.lowest ? 'success.light' : column.expired ? 'action.hover' : undefined, color: cell.lowest ? 'success.contrastText' : undefined }}
                          data-lowest={cell.lowest ? 'true' : 'false'}
                        >
                          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
                            <Box>
                              <Typography sx={{ fontWeight: cell.lowest ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>{formatMoney(cell.unitPrice)}</Typography>
                              <Typography variant="caption" component="div">
                                {formatMoney(cell.total)} · {cell.leadTimeDays ?? '–'} days
                              </Typography>
                            </Box>
                            {canAward && open && !column.expired ? (
                              <Radio
                                size="small"
                                checked={choice[row.requestLine] === column.quotation}
                                onChange={() => setChoice((current) => ({ ...current, [row.requestLine]: column.quotation }))}
                                slotProps={{ input: { 'aria-label': `Award ${row.description} to ${column.supplierName}` } }}
                              />
                            ) : null}
                          </Stack>
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
              <TableRow>
                <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                  Total
                </TableCell>
                {data.columns.map((column) => (
                  <TableCell key={column.quotation} align="right" sx={{ fontWeight: 700, opacity: column.expired ? 0.5 : 1, bgcolor: column.lowestTotal ? 'success.light' : undefined }} data-lowest-total={column.lowestTotal ? 'true' : 'false'}>
                    {formatMoney(column.total)}
                    {column.lowestTotal ? <Chip size="small" color="success" label="Lowest total" sx={{ ml: 1 }} /> : null}
                    {canAward && !column.expired && column.status !== 'cancelled' ? (
                      <Button size="small" disabled={busy} onClick={() => askWhole(column.quotation)} sx={{ display: 'block', ml: 'auto' }}>
                        Award all to {column.supplierName}
                      </Button>
                    ) : null}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {canAward && data.columns.length > 0 ? (
        <Stack direction="row" sx={{ mt: 2, gap: 1, alignItems: 'center' }}>
          <Button variant="contained" disabled={busy || chosen.length === 0} onClick={askLines}>
            Award selected lines
          </Button>
          <Typography variant="body2" color="text.secondary">
            One purchase order per supplier is created as a draft.
          </Typography>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title="Award"
        body={asking?.text ?? ''}
        confirmLabel="Award"
        cancelLabel="Go back"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const body = asking?.body;
          setAsking(null);
          if (body) void award(body);
        }}
      />
    </Paper>
  );
}
