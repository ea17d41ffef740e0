// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { LanguageProvider } from '@propdesk/i18n/react';
import type { ResourceDef } from '@propdesk/records/model';
import { entityCatalogOf, settingsWebCatalog } from '../i18n/catalog.js';
import { RoleMatrix } from './RoleMatrix.js';
import { TEST_REGISTRY, withRegistry } from '../../test/entityRegistry.js';

beforeAll(async () => {
  // As the shell's setLanguage does before it switches: the words are there at the first render.
  await Promise.all([loadCatalog(settingsWebCatalog, 'ar'), loadCatalog(entityCatalogOf(TEST_REGISTRY), 'ar'), loadCatalog(settingsWebCatalog, 'en')]);
});
afterEach(cleanup);

const units = {
  name: 'units',
  entity: 'Unit',
  fields: { basePrice: { kind: 'money', label: 'Base price', protected: true } },
} as unknown as ResourceDef;

// The whole matrix renders (every entity × action): slow in jsdom on a loaded machine.
describe('the role privileges matrix in Arabic (issue 29)', { timeout: 30_000 }, () => {
  it('shows its headings, actions, groups and entities in Arabic, the entity key as left-to-right data', () => {
    render(
      withRegistry(<LanguageProvider language="ar">
        <RoleMatrix value={[]} resources={[units]} onChange={() => undefined} />
      </LanguageProvider>),
    );
    const table = screen.getByRole('table', { name: 'الصلاحيات' });
    const head = within(table).getAllByRole('row')[0]!;
    expect(head).toHaveTextContent('الكيان');
    for (const word of ['قراءة', 'إنشاء', 'تعديل', 'حذف', 'اعتماد', 'تصدير', 'الكل']) expect(head).toHaveTextContent(word);
    expect(screen.getByRole('checkbox', { name: 'اعتماد على كل الكيانات' })).toBeInTheDocument();
    expect(screen.getByText('الإعدادات › العملاء المحتملون')).toBeInTheDocument();

    const validity = screen.getByRole('rowheader', { name: /إعدادات صلاحية العملاء المحتملين/ });
    const key = within(validity).getByText('LeadValidityConfig');
    expect(key.tagName).toBe('BDI');
    expect(key).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('checkbox', { name: 'إعدادات صلاحية العملاء المحتملين: كل الإجراءات' })).toBeInTheDocument();

    expect(screen.getAllByText('↲ إجراءات إضافية').length).toBeGreaterThan(0);
    expect(screen.getByText('الإسناد إلى الآخرين، والدمج')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'العملاء المحتملون: إسناد' })).toBeInTheDocument();
    expect(screen.getByText('↲ Base price (حقل محمي)')).toBeInTheDocument();

    // No English word of the matrix's own is left.
    const text = table.textContent ?? '';
    for (const english of ['Entity', 'Further actions', 'Assign to others', 'See every lead', 'protected field', 'Settings ›', 'Lead validity configuration', 'Procurement']) {
      expect(text).not.toContain(english);
    }
  });

  it('keeps the English DOM as it was: no <bdi> around the entity key', () => {
    render(withRegistry(<RoleMatrix value={[]} resources={[]} onChange={() => undefined} />));
    const validity = screen.getByRole('rowheader', { name: /Lead validity configuration/ });
    expect(within(validity).getByText('LeadValidityConfig').tagName).not.toBe('BDI');
    expect(screen.getByRole('checkbox', { name: 'Every action on Lead validity configuration' })).toBeInTheDocument();
    expect(screen.getByText('Settings › Leads')).toBeInTheDocument();
  });
});
