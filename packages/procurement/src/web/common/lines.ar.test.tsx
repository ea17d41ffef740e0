// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { LanguageProvider } from '@propdesk/i18n/react';
import { procurementWebCatalog } from '../i18n/catalog.js';
import { DocumentLines, PdfButton, type ShownColumn } from './DocumentLines.js';
import { LinesEditor, type LineColumn } from './LinesEditor.js';

beforeAll(async () => {
  await Promise.all([loadCatalog(procurementWebCatalog, 'ar'), loadCatalog(procurementWebCatalog, 'en')]);
});
afterEach(cleanup);

const columns: LineColumn[] = [
  { name: 'description', label: 'lines.description' },
  { name: 'quantity', label: 'lines.quantity', kind: 'number' },
  { name: 'unit', label: 'lines.unit' },
];

const shown: ShownColumn[] = [
  { name: 'description', label: 'lines.description' },
  { name: 'quantity', label: 'lines.quantity', kind: 'quantity' },
  { name: 'unit', label: 'lines.unit' },
];

const inLanguage = (language: Language, node: React.ReactNode) => render(<LanguageProvider language={language}>{node}</LanguageProvider>);

describe("a procurement document's lines in Arabic and English (issue 29's forms)", () => {
  it('edits lines with Arabic headings, buttons and empty state, and the English as it was', () => {
    inLanguage('ar', <LinesEditor rows={[]} columns={columns} onChange={() => undefined} />);
    expect(screen.getByText('البنود')).toBeInTheDocument();
    expect(screen.getByText('لا توجد بنود بعد.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة بند' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'وحدة القياس' })).toBeInTheDocument();
    cleanup();
    inLanguage('en', <LinesEditor rows={[{ description: 'Cement', quantity: '2', unit: 'bag' }]} columns={columns} onChange={() => undefined} />);
    expect(screen.getByText('Lines')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add line' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Line 1 Description' })).toHaveValue('Cement');
  });

  it('shows lines and totals with Arabic words, the total in bold, and the print button', () => {
    const lines = [{ id: 'a', description: 'Cement', quantity: '2.0000', unit: 'bag', receivedQuantity: '1.0000' }];
    inLanguage('ar', <DocumentLines lines={lines} columns={[...shown, { name: 'receivedQuantity', label: 'lines.received', kind: 'quantity' }]} totals={[['lines.subtotal', '10.00'], ['lines.total', '11.40']]} actions={<PdfButton href="/x.pdf" />} />);
    expect(screen.getAllByText('الإجمالي قبل الضريبة').length).toBeGreaterThan(0);
    expect(screen.getAllByText('الإجمالي')[0]).toHaveStyle({ fontWeight: 700 });
    expect(screen.getAllByText('الكمية المستلمة').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'طباعة PDF' })).toBeInTheDocument();
    cleanup();
    inLanguage('en', <DocumentLines lines={[]} columns={shown} totals={[['lines.total', '0.00']]} actions={<PdfButton href="/x.pdf" />} />);
    expect(screen.getAllByText('No lines.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Total').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Print PDF' })).toBeInTheDocument();
  });
});
