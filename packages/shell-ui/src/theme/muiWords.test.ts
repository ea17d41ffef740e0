import { describe, expect, it } from 'vitest';
import { createPropdeskTheme } from './createPropdeskTheme.js';

// Issue 29: MUI's own words in Arabic (Autocomplete, pagination, alerts), counts in 0–9; English untouched.

describe("MUI's own words in the page's language", () => {
  it('gives Arabic words, the pagination in Latin digits', () => {
    const theme = createPropdeskTheme('rtl', 'ar');
    expect(theme.components?.MuiAutocomplete?.defaultProps?.noOptionsText).toBe('لا يوجد خيارات');
    expect(theme.components?.MuiAlert?.defaultProps?.closeText).toBe('إغلاق');
    const pagination = theme.components?.MuiTablePagination?.defaultProps;
    expect(pagination?.labelRowsPerPage).toBe('عدد الصفوف في الصفحة:');
    expect(pagination?.labelDisplayedRows?.({ from: 1, to: 25, count: 1300, page: 0 })).toBe('1–25 من 1,300');
    expect(pagination?.labelDisplayedRows?.({ from: 1, to: 25, count: -1, page: 0 })).toBe('1–25 من أكثر من 25');
    expect(theme.direction).toBe('rtl');
  });

  it('keeps English on MUI’s defaults', () => {
    const theme = createPropdeskTheme('ltr', 'en');
    expect(theme.components?.MuiAutocomplete).toBeUndefined();
    expect(theme.components?.MuiTablePagination).toBeUndefined();
    expect(theme.components?.MuiButton).toEqual(createPropdeskTheme().components?.MuiButton);
  });
});
