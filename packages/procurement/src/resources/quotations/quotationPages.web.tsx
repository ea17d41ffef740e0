import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ResourcePageProps } from '@propdesk/records/web';
import type { ReactNode } from 'react';
import { DocumentLines } from '../../web/common/DocumentLines.js';
import { linesExtension, type LineColumn, type LineRow } from '../../web/common/LinesEditor.js';
import { useRequestLinesQuery } from '../purchase-requests/requestApi.web.js';
import { useProcurementWords } from '../../web/i18n/words.js';
import { AttachmentPanel } from './AttachmentPanel.web.js';

const COLUMNS: LineColumn[] = [
  { name: 'requestLine', label: 'lines.requestLine', width: 220 },
  { name: 'description', label: 'lines.description', width: 220 },
  { name: 'quantity', label: 'lines.quantity', kind: 'number' },
  { name: 'unitPrice', label: 'lines.unitPrice', kind: 'number' },
  { name: 'taxPct', label: 'lines.taxPct', kind: 'number' },
  { name: 'leadTimeDays', label: 'lines.leadTimeDays', kind: 'number' },
];

type WithRequestLinesProps = {
  requestId: string | null;
  lines: readonly LineRow[];
  setLines: (rows: LineRow[]) => void;
  children: (columns: readonly LineColumn[]) => ReactNode;
};

/**
 * The quotation's lines answer the lines of its request: the request line is chosen from them, and
 * the lines can start from the request's own (one click) instead of being typed again.
 */
function WithRequestLines({ requestId, lines, setLines, children }: WithRequestLinesProps) {
  const { t, count } = useProcurementWords();
  const { data } = useRequestLinesQuery(requestId ?? skipToken);
  const requestLines = data ?? [];
  const options = [{ value: '', label: '—' }, ...requestLines.map((line) => ({ value: line.id, label: line.description }))];
  const answered = new Set(lines.map((line) => line.requestLine));
  const missing = requestLines.filter((line) => !answered.has(line.id));
  const handleCopy = () =>
    setLines([...lines, ...missing.map((line) => ({ requestLine: line.id, description: line.description, quantity: line.quantity, unitPrice: '', taxPct: '0', leadTimeDays: '' }))]);
  return (
    <Stack spacing={1}>
      {missing.length > 0 ? (
        <Box>
          <Button size="small" variant="outlined" startIcon={<ContentCopyOutlined />} onClick={handleCopy}>
            {t(lines.length === 0 ? 'lines.startFromRequest' : 'lines.addFromRequest', { count: missing.length, n: count(missing.length) })}
          </Button>
        </Box>
      ) : null}
      {children(COLUMNS.map((column) => (column.name === 'requestLine' ? { ...column, options } : column)))}
    </Stack>
  );
}

const quotationForm = linesExtension(COLUMNS, (editor, values, setLines) => (
  <WithRequestLines
    requestId={typeof values.request === 'string' && values.request ? values.request : null}
    lines={(values.lines as LineRow[] | undefined) ?? []}
    setLines={setLines}
  >
    {editor}
  </WithRequestLines>
));

const renderQuotation = (record: Record<string, unknown>) => (
  <Stack spacing={2}>
    <DocumentLines
      lines={(record.lines as Record<string, unknown>[] | undefined) ?? []}
      columns={[
        { name: 'description', label: 'lines.description' },
        { name: 'quantity', label: 'lines.quantity', kind: 'quantity' },
        { name: 'unitPrice', label: 'lines.unitPrice', kind: 'money' },
        { name: 'taxPct', label: 'lines.tax', kind: 'percent' },
        { name: 'leadTimeDays', label: 'lines.leadTimeDays', kind: 'quantity' },
      ]}
      totals={[['lines.total', record.total]]}
    />
    <AttachmentPanel quotationId={String(record.id)} name={typeof record.attachmentName === 'string' ? record.attachmentName : null} />
  </Stack>
);

/** What the quotation screen adds to the engine's: the lines answering the request's, and the supplier's PDF. */
export const quotationPage: Omit<ResourcePageProps, 'def'> = { formExtension: quotationForm, renderExtra: renderQuotation };
