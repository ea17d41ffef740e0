// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import type { RecordRow } from '@propdesk/records/model';
import { grants, renderInStore } from '@propdesk/shell-ui/testing';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { CompanyLogoPanel } from './CompanyLogoPanel.js';

beforeAll(async () => {
  await Promise.all([loadCatalog(settingsWebCatalog, 'ar'), loadCatalog(settingsWebCatalog, 'en')]);
});
afterEach(cleanup);

const withLogo = { id: 'c1', name: 'Nile Developments', logoType: 'image/png', logoSize: 204_800, logoUpdatedOn: '2026-11-20T10:30:00Z' } as unknown as RecordRow;
const withoutLogo = { id: 'c1', name: 'Nile Developments', logoType: null } as unknown as RecordRow;

const renderIn = (language: Language, record: RecordRow) => renderInStore(<CompanyLogoPanel record={record} />, { language, privileges: grants('companyProfile', ['update']) });

describe('the company logo panel in Arabic (issue 29)', () => {
  it('says what the logo is for, its file, size and upload time in Arabic, the data isolated', () => {
    renderIn('ar', withLogo);
    const panel = screen.getByLabelText('الشعار');
    expect(panel).toHaveTextContent('تحمله كل المطبوعات: العقود والإيصالات');
    expect(panel).toHaveTextContent('PNG، 200 كيلوبايت، رُفع في');
    expect(screen.getByText('200 كيلوبايت').tagName).toBe('BDI');
    expect(screen.getByText(/نوفمبر 2026/).tagName).toBe('BDI');
    expect(panel).toHaveTextContent('PNG أو JPEG، بحد أقصى 1.0 ميجابايت');
    expect(screen.getByRole('img', { name: 'شعار Nile Developments' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رفع شعار آخر' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'إزالة الشعار' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('إزالة الشعار؟');
    for (const english of ['Logo', 'Every print', 'Upload', 'at most', 'Take the logo off', 'uploaded', 'KB', 'MB']) expect(panel.textContent).not.toContain(english);
  });

  it('says there is no logo yet in Arabic', () => {
    renderIn('ar', withoutLogo);
    expect(screen.getByText('لا يوجد شعار')).toBeInTheDocument();
    expect(screen.getByText('تحمل المطبوعات اسم الشركة وبياناتها دون شعار حتى يُرفع شعار.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رفع شعار' })).toBeInTheDocument();
  });

  it('reads in English as before', () => {
    renderIn('en', withLogo);
    expect(screen.getByText(/^Every print carries it: contracts, .* PNG, 200 KB, uploaded /)).toBeInTheDocument();
    expect(screen.getByText('PNG or JPEG, at most 1.0 MB; a square image of a few hundred pixels prints best.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take the logo off' })).toBeInTheDocument();
  });
});
