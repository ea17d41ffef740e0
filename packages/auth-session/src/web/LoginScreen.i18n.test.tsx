// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { setLanguage } from '@propdesk/i18n/react';
import { catalogProblems } from '@propdesk/i18n/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginScreen, authCatalog } from './LoginScreen.js';
import { INVALID_CREDENTIALS_MESSAGE } from './loginMessages.js';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the sign-in screen in two languages (issue 29)', () => {
  it('has every word in Arabic and English', async () => {
    expect(await catalogProblems(authCatalog)).toEqual([]);
  });

  it('keeps the spec’s English texts', () => {
    render(<LoginScreen submitting={false} error={INVALID_CREDENTIALS_MESSAGE} onSubmit={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Welcome to Propdesk' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password!');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Propdesk');
  });

  it('speaks Arabic, right to left, with the fixed error translated', async () => {
    await setLanguage('ar', [authCatalog]);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    render(<LoginScreen submitting={false} error={INVALID_CREDENTIALS_MESSAGE} onSubmit={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'مرحبًا بك في Propdesk' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^اسم المستخدم/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^كلمة المرور/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('اسم المستخدم أو كلمة المرور غير صحيحة!');
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.title).toBe('تسجيل الدخول · Propdesk');
  });
});
