import Stack from '@mui/material/Stack';
import type { ResourcePageProps } from '@propdesk/records/web';
import { DocumentLines, PdfButton } from '../../web/common/DocumentLines.js';
import { linesExtension, type LineColumn } from '../../web/common/LinesEditor.js';
import { ApprovalsPanel, ReceiptsPanel } from './OrderPanels.web.js';

const ORDER_LINE_COLUMNS: LineColumn[] = [
  { name: 'description', label: 'lines.description', width: 240 },
  { name: 'quantity', label: 'lines.quantity', kind: 'number' as const },
  { name: 'unit', label: 'lines.unit', width: 80, initial: 'pcs' },
  { name: 'unitPrice', label: 'lines.unitPrice', kind: 'number' as const },
  { name: 'taxPct', label: 'lines.taxPct', kind: 'number' as const, width: 80, initial: '0' },
];

const renderOrder = (record: Record<string, unknown>) => {
  const lines = (record.lines as Record<string, unknown>[] | undefined) ?? [];
  const id = String(record.id);
  const status = String(record.status);
  const version = Number(record.version);
  return (
    <Stack spacing={2}>
      <DocumentLines
        lines={lines}
        columns={[
          { name: 'description', label: 'lines.description' },
          { name: 'quantity', label: 'lines.quantity', kind: 'quantity' },
          { name: 'unit', label: 'lines.unit' },
          { name: 'unitPrice', label: 'lines.unitPrice', kind: 'money' },
          { name: 'taxPct', label: 'lines.tax', kind: 'percent' },
          { name: 'receivedQuantity', label: 'lines.received', kind: 'quantity' },
          { name: 'lineTotal', label: 'lines.amount', kind: 'money' },
        ]}
        totals={[
          ['lines.subtotal', record.subtotal],
          ['lines.tax', record.taxTotal],
          ['lines.total', record.total],
        ]}
        actions={<PdfButton href={`/api/purchase-orders/${id}/pdf`} />}
      />
      <ApprovalsPanel orderId={id} status={status} version={version} />
      <ReceiptsPanel orderId={id} status={status} version={version} lines={lines} />
    </Stack>
  );
};

/** What the purchase-order screen adds to the engine's: lines with tax and exact totals, approvals by tier, receipts, PDF. */
export const purchaseOrderPage: Omit<ResourcePageProps, 'def'> = { formExtension: linesExtension(ORDER_LINE_COLUMNS), renderExtra: renderOrder };
