import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ResourcePageProps } from '@propdesk/records/web';
import type { ReactNode } from 'react';
import { DocumentLines } from '../common/DocumentLines.js';
import { linesExtension, type LineColumn } from '../common/LinesEditor.js';
import { useRequestLinesQuery } from '../purchaseRequests/requestApi.js';
import { AttachmentPanel } from './AttachmentPanel.js';

const COLUMNS: LineColumn[] = [
  { name: 'requestLine', label: 'Request line', width: 220 },
  { name: 'description', label: 'Description', width: 220 },
  { name: 'quantity', label: 'Quantity', kind: 'number' },
  { name: 'unitPrice', label: 'Unit price', kind: 'number' },
  { name: 'leadTimeDays', label: 'Lead time (days)', kind: 'number' },
];

/** The quotation's lines answer the lines of its request: the request line is chosen from them. */
function WithRequestLines({ requestId, children }: { requestId: string | null; children: (columns: readonly LineColumn[]) => ReactNode }) {
  const { data } = useRequestLinesQuery(requestId ?? skipToken);
  const options = [{ value: '', label: '—' }, ...(data ?? []).map((line) => ({ value: line.id, label: line.description }))];
  return <>{children(COLUMNS.map((column) => (column.name === 'requestLine' ? { ...column, options } : column)))}</>;
}

const quotationForm = linesExtension(COLUMNS, (editor, values) => (
  <WithRequestLines requestId={typeof values.request === 'string' && values.request ? values.request : null}>{editor}</WithRequestLines>
));

const renderQuotation = (record: Record<string, unknown>) => (
  <Stack spacing={2}>
    <DocumentLines
      lines={(record.lines as Record<string, unknown>[] | undefined) ?? []}
      columns={[
        { name: 'description', label: 'Description' },
        { name: 'quantity', label: 'Quantity', kind: 'quantity' },
        { name: 'unitPrice', label: 'Unit price', kind: 'money' },
        { name: 'leadTimeDays', label: 'Lead time (days)', kind: 'quantity' },
      ]}
      totals={[['Total', record.total]]}
    />
    <AttachmentPanel quotationId={String(record.id)} name={typeof record.attachmentName === 'string' ? record.attachmentName : null} />
  </Stack>
);

/** What the quotation screen adds to the engine's: the lines answering the request's, and the supplier's PDF. */
export const quotationPage: Omit<ResourcePageProps, 'def'> = { formExtension: quotationForm, renderExtra: renderQuotation };
