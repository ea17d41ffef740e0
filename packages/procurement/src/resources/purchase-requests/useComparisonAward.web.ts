import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { toApiError } from '@propdesk/api-client';
import type { AwardRequest, ComparisonView } from '../../model/api.js';
import { useAwardRequestMutation } from './requestApi.web.js';

/** The award a buyer is asked to confirm: the request body and the sentence naming what it makes. */
export type AwardQuestion = { body: AwardRequest; text: string };

/**
 * The comparison's award: the quotation chosen for each line (the lowest valid price of each line
 * still to order to start with), the question asked before an award and the award itself.
 */
export function useComparisonAward(requestId: string, data: ComparisonView | undefined) {
  const [awardRequest] = useAwardRequestMutation();
  const { enqueueSnackbar } = useSnackbar();
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
  const handleChoose = (requestLine: string, quotation: string) => setChoice((current) => ({ ...current, [requestLine]: quotation }));
  const askWhole = (quotation: string) => {
    const column = data?.columns.find((candidate) => candidate.quotation === quotation);
    setAsking({ body: { quotation }, text: `Award ${column?.number ?? 'this quotation'} to ${column?.supplierName ?? 'its supplier'}? This creates ${orders(1)}.` });
  };
  const askLines = () => {
    if (!data) return;
    const suppliers = new Set(chosen.map((line) => data.columns.find((column) => column.quotation === line.quotation)?.supplierName ?? line.quotation));
    const lines = `${chosen.length} ${chosen.length === 1 ? 'line' : 'lines'}`;
    setAsking({ body: { lines: chosen }, text: `Award ${lines} of ${data.request.number} to ${[...suppliers].join(', ')}? This creates ${orders(suppliers.size)}.` });
  };
  const handleCancel = () => setAsking(null);
  const handleConfirm = () => {
    const body = asking?.body;
    setAsking(null);
    if (body) void award(body);
  };

  return { choice, chosen, busy, failure, asking, handleChoose, askWhole, askLines, handleCancel, handleConfirm };
}
