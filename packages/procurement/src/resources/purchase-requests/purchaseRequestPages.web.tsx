import Stack from '@mui/material/Stack';
import type { ResourcePageProps } from '@propdesk/records/web';
import { DocumentLines, PdfButton } from '../../web/common/DocumentLines.js';
import { linesExtension, type LineColumn } from '../../web/common/LinesEditor.js';
import { ComparisonPanel } from './ComparisonPanel.web.js';
import { ProcurementDashboard } from './ProcurementDashboard.web.js';

export const REQUEST_LINE_COLUMNS: LineColumn[] = [
  { name: 'description', label: 'lines.description', width: 260 },
  { name: 'quantity', label: 'lines.quantity', kind: 'number' as const },
  { name: 'unit', label: 'lines.unit', width: 80, initial: 'pcs' },
  { name: 'estimatedUnitPrice', label: 'lines.estimatedUnitPrice', kind: 'number' as const },
];

const renderRequest = (record: Record<string, unknown>) => (
  <Stack spacing={2}>
    <DocumentLines
      lines={(record.lines as Record<string, unknown>[] | undefined) ?? []}
      columns={[
        { name: 'description', label: 'lines.description' },
        { name: 'quantity', label: 'lines.quantity', kind: 'quantity' },
        { name: 'unit', label: 'lines.unit' },
        { name: 'estimatedUnitPrice', label: 'lines.estimatedUnitPrice', kind: 'money' },
        { name: 'orderedQuantity', label: 'lines.ordered', kind: 'quantity' },
        { name: 'receivedQuantity', label: 'lines.received', kind: 'quantity' },
      ]}
      totals={[['lines.estimatedTotal', record.estimatedTotal]]}
      actions={<PdfButton href={`/api/purchase-requests/${String(record.id)}/pdf`} />}
    />
    {['approved', 'partially_ordered', 'ordered', 'closed'].includes(String(record.status)) ? <ComparisonPanel requestId={String(record.id)} status={String(record.status)} /> : null}
  </Stack>
);

/** What the purchase-request screen adds to the engine's: the dashboard over the list, the lines, the comparison and award. */
export const purchaseRequestPage: Omit<ResourcePageProps, 'def'> = {
  listHeader: <ProcurementDashboard />,
  formExtension: linesExtension(REQUEST_LINE_COLUMNS),
  renderExtra: renderRequest,
};
