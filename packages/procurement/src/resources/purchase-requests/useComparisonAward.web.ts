import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { toApiError } from '@propdesk/api-client';
import type { AwardRequest, ComparisonView } from '../../model/api.js';
import { useProcurementWords } from '../../web/i18n/words.js';
import { useAwardRequestMutation } from './requestApi.web.js';

/** The award a buyer is asked to confirm (the panel words the question from it, in the page's language). */
export type AwardQuestion = { body: AwardRequest };

/**
 * The comparison's award: the quotation chosen for each line (the lowest valid price of each line
 * still to order to start with), the question asked before an award and the award itself.
 */
export function useComparisonAward(requestId: string, data: ComparisonView | undefined) {
  const [awardRequest] = useAwardRequestMutation();
  const { enqueueSnackbar } = useSnackbar();
  const { t, data: isolated } = useProcurementWords();
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // An award creates purchase orders and cannot be undone from here: it asks once, naming what it makes.
  const [asking, setAsking] = useState<AwardQuestion | null>(null);

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

  const award = async (body: AwardRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await awardRequest({ id: requestId, body }).unwrap();
      // The server's message is in the account's language; the orders are data.
      const orders = result.data.orders.map((order) => isolated(`${order.number} (${order.supplier})`)).join(t('cmp.listSeparator'));
      enqueueSnackbar(`${result.message ?? t('cmp.awarded')} ${orders}`, { variant: 'success' });
    } catch (problem) {
      const failed = toApiError(problem);
      setFailure(failed.errors[0]?.message ?? failed.message);
    } finally {
      setBusy(false);
    }
  };
  const chosen = Object.entries(choice).map(([requestLine, quotation]) => ({ requestLine, quotation }));
  const handleChoose = (requestLine: string, quotation: string) => setChoice((current) => ({ ...current, [requestLine]: quotation }));
  const askWhole = (quotation: string) => setAsking({ body: { quotation } });
  const askLines = () => {
    if (data) setAsking({ body: { lines: chosen } });
  };
  const handleCancel = () => setAsking(null);
  const handleConfirm = () => {
    const body = asking?.body;
    setAsking(null);
    if (body) void award(body);
  };

  return { choice, chosen, busy, failure, asking, handleChoose, askWhole, askLines, handleCancel, handleConfirm };
}
