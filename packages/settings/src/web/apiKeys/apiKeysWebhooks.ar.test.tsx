// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { loadCatalog, type Language } from '@propdesk/i18n';
import type { RecordRow } from '@propdesk/records/model';
import { grants, renderInStore } from '@propdesk/shell-ui/testing';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { webhookExtras } from '../webhooks/webhookExtensions.js';
import { apiKeyScreen } from './apiKeyExtensions.js';

const BASE = 'http://propdesk.test';
const server = setupServer();
const wait = { timeout: 20_000 };

beforeAll(async () => {
  await Promise.all([loadCatalog(settingsWebCatalog, 'ar'), loadCatalog(settingsWebCatalog, 'en')]);
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  resetConfig();
});

const renderIn = (language: Language, node: ReactNode) => renderInStore(node, { language, privileges: grants('apiKey', ['read', 'create', 'delete']) });

const key = { id: 'k1', name: 'Website form', revokedAt: null } as unknown as RecordRow;

describe('API keys and webhooks in Arabic (issue 29)', { timeout: 30_000 }, () => {
  it('explains keys and makes a new one in Arabic', () => {
    const { container } = renderIn('ar', apiKeyScreen.listHeader);
    expect(container).toHaveTextContent('تتيح المفاتيح لنموذج في موقع إلكتروني أو لنظام آخر استدعاء واجهة API بصلاحيات دور، دون كلمة مرور. يُعرض المفتاح مرة واحدة، عند إنشائه.');
    fireEvent.click(screen.getByRole('button', { name: 'مفتاح API جديد' }));
    const dialog = screen.getByRole('dialog', { name: 'مفتاح API جديد' });
    expect(dialog).toHaveTextContent('يستطيع البرنامج الذي يستدعي بهذا المفتاح');
    expect(screen.getByLabelText(/^الاسم/)).toBeInTheDocument();
    expect(screen.getByLabelText('ينتهي بعد (اختياري)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إنشاء المفتاح' })).toBeInTheDocument();
    for (const english of ['Keys let', 'shown once', 'New API key', 'Name', 'Expires', 'Roles', 'Cancel', 'Create key']) expect(document.body.textContent).not.toContain(english);
  });

  it('revokes a key in Arabic, its name as data', () => {
    renderIn('ar', apiKeyScreen.renderExtra!(key));
    fireEvent.click(screen.getByRole('button', { name: 'إبطال المفتاح' }));
    const dialog = screen.getByRole('dialog', { name: 'إبطال «Website form»؟' });
    expect(screen.getByText('Website form').tagName).toBe('BDI');
    expect(dialog).toHaveTextContent('تتوقف البرامج التي تستخدم هذا المفتاح عن العمل فورًا.');
    for (const english of ['Revoke', 'Programs', 'Cancel']) expect(dialog.textContent).not.toContain(english);
  });

  it('shows a webhook’s form and deliveries in Arabic, events and codes as data', async () => {
    server.use(
      http.get(`${BASE}/api/webhooks/:id/deliveries`, () =>
        HttpResponse.json({
          data: [{ id: 'd1', event: 'lead.created', status: 'failed', attempts: 2, createdAt: '2026-11-20T10:30:00Z', nextAttemptAt: null, sentAt: null, lastCode: 500, lastError: null, tries: [] }],
        }),
      ),
    );
    const form = webhookExtras.formExtension!.render({ record: null, values: { secret: '', events: [] }, errors: {}, editing: false, setValue: () => undefined } as never);
    renderIn('ar', <>{form}{webhookExtras.renderExtra!({ id: 'w1' } as unknown as RecordRow)}</>);
    expect(screen.getByText('الأحداث')).toBeInTheDocument();
    expect(screen.getByLabelText(/^المفتاح السري/)).toBeInTheDocument();
    expect(screen.getByText('16 حرفًا على الأقل؛ يوقّع كل إرسال (X-Propdesk-Signature). ولا يُعرض مرة أخرى أبدًا.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'عمليات الإرسال' }, wait);
    expect(table).toHaveTextContent('الحدثالحالةالمحاولاتآخر ردوقت الإنشاءالمحاولة التالية');
    expect(table).toHaveTextContent('فشل');
    expect(table).toHaveTextContent('20 نوفمبر 2026');
    expect(screen.getAllByText('lead.created').some((node) => node.tagName === 'BDI')).toBe(true);
    expect(screen.getByRole('button', { name: 'إعادة الإرسال' })).toBeInTheDocument();
    for (const english of ['Events', 'Secret', 'At least', 'Deliveries', 'Status', 'Tries', 'Send again', 'failed', 'Refresh']) expect(document.body.textContent).not.toContain(english);
  });

  it('reads in English as before', () => {
    renderIn('en', apiKeyScreen.listHeader);
    expect(screen.getByText('Keys let a website form or another system call the API as a role, without a password. A key is shown once, when it is made.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New API key' })).toBeInTheDocument();
    cleanup();
    const form = webhookExtras.formExtension!.render({ record: null, values: { secret: '', events: [] }, errors: {}, editing: false, setValue: () => undefined } as never);
    renderIn('en', form);
    expect(screen.getByText('At least 16 characters; signs every delivery (X-Propdesk-Signature). It is never shown again.')).toBeInTheDocument();
  });
});
