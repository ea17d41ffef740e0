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
import type { AwardRequest, ComparisonView } from '../../model/api.js';
import { useProcurementWords } from '../../web/i18n/words.js';

type Words = ReturnType<typeof useProcurementWords>;

/**
 * The question asked before an award, in the page's language, made from what it awards (the same
 * sentence the award hook writes in English: a whole quotation, or the chosen lines and their suppliers).
 */
function awardQuestion(body: AwardRequest, view: ComparisonView, { t, count, data }: Words): string {
  if ('quotation' in body) {
    const column = view.columns.find((candidate) => candidate.quotation === body.quotation);
    return t('cmp.askWhole', {
      number: column ? data(column.number) : t('cmp.thisQuotation'),
      supplier: column ? data(column.supplierName) : t('cmp.itsSupplier'),
      count: 1,
      n: count(1),
    });
  }
  const suppliers = new Set(body.lines.map((line) => view.columns.find((column) => column.quotation === line.quotation)?.supplierName ?? line.quotation));
  return t('cmp.askLines', {
    lines: body.lines.length,
    l: count(body.lines.length),
    request: data(view.request.number),
    suppliers: data([...suppliers].join(t('cmp.listSeparator'))),
    count: suppliers.size,
    n: count(suppliers.size),
  });
}

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
  const words = useProcurementWords();
  const { t } = words;

  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  if (!data) return null;
  const canAward = AWARDABLE.includes(status) && checker.can('poheader', 'create');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('cmp.title')}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('cmp.title')}
      </Typography>
      {data.columns.length === 0 ? <Typography color="text.secondary">{t('cmp.none')}</Typography> : null}
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
            {t('cmp.awardSelected')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('cmp.onePerSupplier')}
          </Typography>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={award.asking !== null}
        title={t('cmp.award')}
        body={award.asking ? awardQuestion(award.asking.body, data, words) : ''}
        confirmLabel={t('cmp.award')}
        cancelLabel={t('cmp.goBack')}
        onCancel={award.handleCancel}
        onConfirm={award.handleConfirm}
      />
    </Paper>
  );
}
