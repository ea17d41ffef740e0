// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { LanguageProvider } from '@propdesk/i18n/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { SchedulePreview } from './SchedulePreview.js';

beforeAll(async () => {
  await Promise.all([loadCatalog(settingsWebCatalog, 'ar'), loadCatalog(settingsWebCatalog, 'en')]);
});
afterEach(cleanup);

const plan = { downPaymentPct: 10, years: 1, frequency: 'quarterly', deliveryPct: 0, maintenancePct: 0, discountPct: 0 };
const renderIn = (language: Language, values: Record<string, unknown>) =>
  render(
    <LanguageProvider language={language}>
      <SchedulePreview values={values} />
    </LanguageProvider>,
  );

describe('the payment plan’s schedule preview in both languages (issue 29)', () => {
  it('English as it always read', () => {
    renderIn('en', plan);
    const section = screen.getByRole('region', { name: 'Schedule preview' });
    expect(section).toHaveTextContent('Price 3,000,000.00');
    expect(section).toHaveTextContent('5 payments');
    expect(screen.getByRole('table', { name: 'Installment schedule' })).toHaveTextContent('Down payment');
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toBeInTheDocument();
  });

  it('Arabic words, an Arabic plural, amounts with digits 0–9', () => {
    renderIn('ar', plan);
    const section = screen.getByRole('region', { name: 'معاينة جدول السداد' });
    expect(section).toHaveTextContent('السعر 3,000,000.00');
    expect(section).toHaveTextContent('5 دفعات');
    const table = screen.getByRole('table', { name: 'جدول الأقساط' });
    expect(table).toHaveTextContent('المقدم');
    expect(table).toHaveTextContent('قسط');
    expect(table).toHaveTextContent(/\d{2} [\u0600-\u06FF]+ \d{4}/);
    expect(screen.getByRole('columnheader', { name: 'المبلغ' })).toBeInTheDocument();
    for (const english of ['Price', 'payments', 'Down payment', 'Installment', 'Total', 'Due', 'Share', 'Sample']) expect(section.textContent).not.toContain(english);
  });

  it('says what is wrong with the terms in the page’s language', () => {
    renderIn('ar', { ...plan, downPaymentPct: 70, deliveryPct: 40 });
    expect(screen.getByRole('alert')).toHaveTextContent('مجموع النسب 110%، ويجب أن يكون 100%.');
    cleanup();
    renderIn('en', { ...plan, downPaymentPct: 70, deliveryPct: 40 });
    expect(screen.getByRole('alert')).toHaveTextContent('The percentages add up to 110%; they must add up to 100%.');
  });
});
