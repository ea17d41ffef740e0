import { defineCatalog } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { dataWord, loadServerCatalogs, translate } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from './ar.js';
import { procurementCatalog, procurementText, procurementValidationCatalog, stateWord } from './catalog.js';

describe("procurement's server words (issue 29)", () => {
  beforeAll(() => loadServerCatalogs());

  it('every key in Arabic and English, with the same parameters, for the refusals and the schemas’ words', async () => {
    expect(await catalogProblems(procurementCatalog)).toEqual([]);
    expect(await catalogProblems(procurementValidationCatalog)).toEqual([]);
  });

  it('a key without its Arabic fails the check', async () => {
    const { awardRefused: _dropped, ...rest } = ar;
    const missing = defineCatalog('procurement', procurementCatalog.en, () => Promise.resolve({ default: rest }));
    expect(await catalogProblems(missing)).toEqual(['procurement.awardRefused has no Arabic']);
  });

  it('a state in English as the API wrote it, in Arabic as the definition labels it', () => {
    const refusal = procurementText('receiveOnlyIssued', { status: stateWord('purchase-orders', 'pending_approval') });
    expect(translate(refusal, 'en')).toBe('Goods can be received only on an issued order; this one is pending approval.');
    expect(translate(refusal, 'ar')).toBe('لا يُستلم إلا على أمر شراء صادر؛ وهذا بانتظار الاعتماد.');
    const expired = procurementText('quotationExpired', { number: dataWord('RFQ-0003'), date: dataWord('2026-11-01') });
    expect(translate(expired, 'en')).toBe('RFQ-0003 expired on 2026-11-01');
    expect(translate(expired, 'ar')).toBe('انتهت صلاحية \u2068RFQ-0003\u2069 في \u20682026-11-01\u2069');
  });
});
