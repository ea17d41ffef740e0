import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loadCatalog } from '@propdesk/i18n';
import { LanguageProvider } from '@propdesk/i18n/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { shellCatalog } from '../i18n/catalog.js';
import { ChunkLoadError } from '../routing/chunks.js';
import { DefaultErrorScreen, describeError } from './DefaultErrorScreen.js';

describe('DefaultErrorScreen', () => {
  it("reads 'Unexpected Application Error!' followed by the message", () => {
    render(<DefaultErrorScreen error={new Error('Something broke')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!Something broke');
  });

  it('offers a reload for a chunk that failed to load', () => {
    render(<DefaultErrorScreen error={new ChunkLoadError('sales/leads', 'css')} />);
    expect(screen.getByText('Loading CSS chunk sales/leads failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('describes strings and other values', () => {
    expect(describeError('plain')).toBe('plain');
    expect(describeError({ code: 1 })).toBe('{"code":1}');
  });

  describe('in Arabic (issue 29)', () => {
    beforeAll(() => loadCatalog(shellCatalog, 'ar'));

    it('says a page that is not there, and the way home, in Arabic', async () => {
      const router = createMemoryRouter([{ path: '/', element: null, errorElement: <DefaultErrorScreen /> }], { initialEntries: ['/nowhere'] });
      render(
        <LanguageProvider language="ar">
          <RouterProvider router={router} />
        </LanguageProvider>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('حدث خطأ غير متوقع في التطبيق!');
      expect(alert).toHaveTextContent('404 الصفحة غير موجودة');
      expect(screen.getByRole('link', { name: 'الذهاب إلى الصفحة الرئيسية' })).toBeInTheDocument();
      expect(alert.textContent).not.toMatch(/Unexpected|Not Found|home page/);
    });

    it('keeps a program’s own message as data', () => {
      render(
        <LanguageProvider language="ar">
          <DefaultErrorScreen error={new Error('Something broke')} />
        </LanguageProvider>,
      );
      expect(screen.getByText('Something broke').tagName).toBe('BDI');
    });
  });
});
