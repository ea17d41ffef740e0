// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@propdesk/api-client';
import { sessionSlice } from '@propdesk/auth-session/web';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { LanguageProvider, setLanguage } from '@propdesk/i18n/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BuyersEditor } from './BuyersEditor.web.js';
import ModifyReservationPage from './ModifyReservationPage.web.js';
import { reservationExtension } from './reservationForm.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

beforeAll(async () => {
  await loadCatalog(salesCatalog, 'ar');
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

function renderIn(language: Language, node: ReactNode) {
  const store = configureStore({
    reducer: combineSlices(sessionSlice, baseApi),
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
  });
  render(
    <Provider store={store}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={['/Reservations/Modify']}>
          <LanguageProvider language={language}>{node}</LanguageProvider>
        </MemoryRouter>
      </SnackbarProvider>
    </Provider>,
  );
}

describe('the reservation screens in Arabic (issue 29)', () => {
  it('draws the buyers editor in Arabic, and in English as before', () => {
    renderIn('ar', <BuyersEditor rows={[]} onChange={() => undefined} />);
    expect(screen.getByText('المشترون وحصصهم')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة مشترٍ' })).toBeInTheDocument();
    expect(screen.getByText('لا مشترين مشاركين: يشتري العميل وحده.')).toBeInTheDocument();
    expect(screen.queryByText('Add buyer')).not.toBeInTheDocument();
    cleanup();
    renderIn('en', <BuyersEditor rows={[]} onChange={() => undefined} />);
    expect(screen.getByText('Buyers and shares')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add buyer' })).toBeInTheDocument();
    expect(screen.getByText('No co-buyers: the customer buys alone.')).toBeInTheDocument();
  });

  it("says the form's buyer problems in the page's language when it is checked", async () => {
    const schema = reservationExtension.create!.buyers!;
    const problems = (value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    const bad = [{ customer: 'x', share: 'half' }];
    expect(problems(bad)).toEqual(['Choose the buyer', 'A share such as 50 or 33.3333', 'The shares add up to 100%']);
    expect(problems([{ customer: '00000000-0000-4000-8000-000000000001', share: '60' }])).toEqual(['The shares add up to 100%']);
    await setLanguage('ar', [salesCatalog]);
    expect(problems(bad)).toEqual(['اختر المشتري', 'حصة مثل 50 أو 33.3333', 'مجموع الحصص 100%']);
    expect(problems([{ customer: '00000000-0000-4000-8000-000000000001', share: '60' }])).toEqual(['مجموع الحصص 100%']);
  });

  it('draws the Modify Reservation page in Arabic before a reservation is chosen', async () => {
    renderIn('ar', <ModifyReservationPage />);
    expect(screen.getByRole('region', { name: 'تعديل الحجز' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'تعديل حجز' })).toBeInTheDocument();
    expect(screen.getByLabelText('حجز مؤكد')).toBeInTheDocument();
    expect(screen.queryByText(/Modify/)).not.toBeInTheDocument();
  });
});
