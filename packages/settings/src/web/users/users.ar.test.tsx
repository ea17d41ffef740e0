// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { grants, renderInStore } from '@propdesk/shell-ui/testing';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { UserAccountPanel } from './UserAccountPanel.js';
import { userCreate } from './userExtensions.js';

beforeAll(async () => {
  await Promise.all([loadCatalog(settingsWebCatalog, 'ar'), loadCatalog(settingsWebCatalog, 'en')]);
});
afterEach(cleanup);

const renderIn = (language: Language, node: ReactNode) => renderInStore(node, { language, privileges: grants('user', ['update']) });

const createForm = () =>
  userCreate.formExtension!.render({ record: null, values: { password: '', roles: [] }, errors: {}, editing: false, setValue: () => undefined } as never);

describe('the user screens in Arabic (issue 29)', () => {
  it('asks for the first password and the roles in Arabic, the least length in Latin digits', () => {
    const { container } = renderIn('ar', createForm());
    expect(screen.getByLabelText(/كلمة المرور الأولى/)).toBeInTheDocument();
    expect(screen.getByText('12 حرفًا على الأقل؛ أبلغ المستخدم بها شخصيًا.')).toBeInTheDocument();
    expect(screen.getByLabelText('الأدوار')).toBeInTheDocument();
    for (const english of ['First password', 'At least', 'tell the user', 'Roles']) expect(container.textContent).not.toContain(english);
  });

  it('shows the account panel and its password dialog in Arabic', () => {
    renderIn('ar', <UserAccountPanel userId="u1" roleNames={[]} />);
    expect(screen.getByText('الحساب')).toBeInTheDocument();
    expect(screen.getByText('لا أدوار: يستطيع هذا المستخدم تسجيل الدخول لكنه لا يرى شيئًا.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج من كل الأجهزة' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'تعيين كلمة مرور جديدة' }));
    const dialog = screen.getByRole('dialog', { name: 'تعيين كلمة مرور جديدة' });
    expect(dialog).toHaveTextContent('12 حرفًا على الأقل. يُسجَّل خروج المستخدم من كل الأجهزة.');
    expect(screen.getByRole('button', { name: 'تعيين كلمة المرور' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إلغاء' })).toBeInTheDocument();
    for (const english of ['Account', 'No roles', 'Set a new password', 'At least', 'Cancel', 'Sign out']) expect(document.body.textContent).not.toContain(english);
  });

  it('reads in English as before', () => {
    renderIn('en', createForm());
    expect(screen.getByLabelText(/First password/)).toBeInTheDocument();
    expect(screen.getByText('At least 12 characters; tell the user in person.')).toBeInTheDocument();
    expect(screen.getByLabelText('Roles')).toBeInTheDocument();
  });
});
