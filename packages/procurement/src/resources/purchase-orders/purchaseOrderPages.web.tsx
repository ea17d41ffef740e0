import Stack from '@mui/material/Stack';
import type { ResourcePageProps } from '@propdesk/records/web';
import { DocumentLines, PdfButton } from '../../web/common/DocumentLines.js';
import { linesExtension } from '../../web/common/LinesEditor.js';
import { ApprovalsPanel, ReceiptsPanel } from './OrderPanels.web.js';

const ORDER_LINE_COLUMNS = [
  { name: 'description', label: 'Description', width: 240 },
  { name: 'quantity', label: 'Quantity', kind: 'number' as const },
  { name: 'unit', label: 'Unit', width: 80, initial: 'pcs' },
  { name: 'unitPrice', label: 'Unit price', kind: 'number' as const },
  { name: 'taxPct', label: 'Tax %', kind: 'number' as const, width: 80, initial: '0' },
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
          { name: 'description', label: 'Description' },
          { name: 'quantity', label: 'Quantity', kind: 'quantity' },
          { name: 'unit', label: 'Unit' },
          { name: 'unitPrice', label: 'Unit price', kind: 'money' },
          { name: 'taxPct', label: 'Tax', kind: 'percent' },
          { name: 'receivedQuantity', label: 'Received', kind: 'quantity' },
          { name: 'lineTotal', label: 'Amount', kind: 'money' },
        ]}
        totals={[
          ['Subtotal', record.subtotal],
          ['Tax', record.taxTotal],
          ['Total', record.total],
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
