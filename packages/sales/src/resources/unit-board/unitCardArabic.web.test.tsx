// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { BASE, mockSalesApi } from '../../test/api.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { Board, BoardUnit } from './model.js';
import { UnitCard } from './UnitCard.web.js';

const server = mockSalesApi();
const UNIT = '11111111-1111-4111-8111-111111111111';
/** The machine may be busy: the first paint can take seconds. */
const wait = { timeout: 20_000 };

beforeAll(() => loadCatalog(salesCatalog, 'ar'));

const unit: BoardUnit = {
  id: UNIT, code: 'A-0404', block: 'A', floor: 4, status: 'available', unitTypeId: null, unitType: 'Chalet', bedrooms: 2, bathrooms: 2,
  areaM2: '113.00', gardenM2: null, view: 'Sea', basePrice: '5447000.00', claim: null,
};
const plan = (id: string, name: string, discountPct: string) => ({ id, name, downPaymentPct: '10', years: 7, frequency: 'quarterly', deliveryPct: '0', maintenancePct: '0', discountPct });
const board: Board = {
  project: { id: 'p1', code: 'P', name: 'North Coast Bay', currency: 'EGP' },
  statuses: [{ name: 'available', label: 'متاحة', color: '#2e7d32', sortOrder: 1 }],
  blocks: [], counts: {}, units: [unit],
  plans: [plan('1', '10% down, 7 years quarterly', '0'), plan('2', 'Cash', '15')],
  prices: true, lastEventId: 0,
};

describe("a unit's card in Arabic", () => {
  it('isolates a plan’s name and its signed discount, and its prices are one left-to-right unit each', { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/units/${UNIT}/story`, () => HttpResponse.json({ status: 'OK', data: [] })));
    renderInStore(
      <ThemeProvider theme={createTheme({ direction: 'rtl' })}>
        <UnitCard unit={unit} board={board} onClose={() => undefined} />
      </ThemeProvider>,
      { language: 'ar' },
    );
    const plans = await screen.findByRole('table', { name: 'خطط السداد' }, wait);
    const cash = within(plans).getAllByRole('row').at(-1)!;
    const [name, , , price] = within(cash).getAllByRole('cell');
    // "Cash (−15%)": the minus stays before the figure only when the figure is isolated from the Arabic row.
    expect([...name!.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['Cash', '(−15%)']);
    expect(price!.textContent).toBe('\u20684,629,950.00 EGP\u2069');
    expect(within(plans).getByText('10% down, 7 years quarterly').tagName).toBe('BDI');
  });
});
