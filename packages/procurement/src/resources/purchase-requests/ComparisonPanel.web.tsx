import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorText } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import { ConfirmDialog } from '@propdesk/records/web';
import { ComparisonTable } from './ComparisonTable.web.js';
import { useRequestComparisonQuery } from './requestApi.web.js';
import { useComparisonAward } from './useComparisonAward.web.js';

const AWARDABLE = ['approved', 'partially_ordered'];

/**
 * The comparison of a request's quotations: suppliers as columns, request lines as rows, the
 * lowest price per line and the lowest total marked, expired quotations greyed out; the buyer
 * awards the whole request to one supplier or each line to the one chosen in its row.
 */
export function ComparisonPanel({ requestId, status }: { requestId: string; status: string }) {
  // Saving the request or a quotation, and an award, refresh it (tags).
  const { data, error } = useRequestComparisonQuery(requestId);
  const checker = useChecker();
  const award = useComparisonAward(requestId, data);

  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  if (!data) return null;
  const canAward = AWARDABLE.includes(status) && checker.can('poheader', 'create');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Quotation comparison">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Quotation comparison
      </Typography>
      {data.columns.length === 0 ? <Typography color="text.secondary">No quotations recorded for this request yet.</Typography> : null}
      {award.failure ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {award.failure}
        </Alert>
      ) : null}
      {data.columns.length > 0 ? (
        <ComparisonTable data={data} canAward={canAward} choice={award.choice} busy={award.busy} onChoose={award.handleChoose} onAwardAll={award.askWhole} />
      ) : null}
      {canAward && data.columns.length > 0 ? (
        <Stack direction="row" sx={{ mt: 2, gap: 1, alignItems: 'center' }}>
          <Button variant="contained" disabled={award.busy || award.chosen.length === 0} onClick={award.askLines}>
            Award selected lines
          </Button>
          <Typography variant="body2" color="text.secondary">
            One purchase order per supplier is created as a draft.
          </Typography>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={award.asking !== null}
        title="Award"
        body={award.asking?.text ?? ''}
        confirmLabel="Award"
        cancelLabel="Go back"
        onCancel={award.handleCancel}
        onConfirm={award.handleConfirm}
      />
    </Paper>
  );
}
