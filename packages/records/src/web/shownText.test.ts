import { describe, expect, it } from 'vitest';
import type { FieldDef, RecordRow } from '../model/index.js';
import { formatValue, recordTitle } from './format.js';
import { formatIn } from './i18n/valueFormat.js';
import { registerShownText } from './shownText.js';

describe('a field shown through a registered display (shownAs)', () => {
  registerShownText('test.ledger', (stored, language) => `${language}:${stored.toUpperCase()}`);
  const label: FieldDef = { kind: 'text', label: 'Installment', shownAs: 'test.ledger' };
  const ref: FieldDef = { kind: 'reference', label: 'Installment', ref: 'installments', shownAs: 'test.ledger' };
  const plain: FieldDef = { kind: 'text', label: 'Notes' };

  it('says a text and a reference’s label through it in Arabic, and leaves English and other fields as stored', () => {
    const arabic = formatIn('ar');
    expect(formatValue(label, 'CNT-1 #3 Fee', undefined, arabic)).toBe('ar:CNT-1 #3 FEE');
    expect(formatValue(ref, 'id-1', 'CNT-1 #3 Fee', arabic)).toBe('ar:CNT-1 #3 FEE');
    expect(formatValue(label, 'CNT-1 #3 Fee')).toBe('CNT-1 #3 Fee');
    expect(formatValue(ref, 'id-1', 'CNT-1 #3 Fee')).toBe('CNT-1 #3 Fee');
    expect(formatValue(plain, 'CNT-1 #3 Fee', undefined, arabic)).toBe('CNT-1 #3 Fee');
    expect(formatValue(label, '', undefined, arabic)).toBe('');
  });

  it('titles a record by its shown label in Arabic, by the stored one in English', () => {
    const record = { id: 'x', label: 'CNT-1 #3 Fee' } as unknown as RecordRow;
    expect(recordTitle(record, 'label', 'سجل', { field: label, language: 'ar' })).toBe('ar:CNT-1 #3 FEE');
    expect(recordTitle(record, 'label', 'Record', { field: label, language: 'en' })).toBe('CNT-1 #3 Fee');
    expect(recordTitle({ id: 'x' } as unknown as RecordRow, 'label', 'سجل', { field: label, language: 'ar' })).toBe('سجل');
  });
});
