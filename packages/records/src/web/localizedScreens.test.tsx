// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@propdesk/i18n/react';
import { definitionWordsCatalog, registerDomainWords, type DomainModule } from '@propdesk/shell-ui';
import { recordsCatalog } from './i18n/catalog.js';
import { gridLocaleText } from './i18n/gridLocale.js';
import type { DefinitionWords } from '../model/index.js';
import { ResourcePage } from './ResourcePage.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';
import { projects, sources } from '../test/definitions.js';

// Issue 29: a definition's words and the engine's own in the page's language; English as it was.

const arabic: DefinitionWords = {
  'projects.label': 'المشروعات',
  'projects.singular': 'مشروع',
  'projects.fields.name.label': 'الاسم',
  'projects.fields.code.label': 'الكود',
  'projects.fields.status.label': 'الحالة',
  'projects.fields.status.options.planned': 'مخطط',
  'projects.fields.status.options.launched': 'تم الإطلاق',
  'projects.fields.launchDate.label': 'تاريخ الإطلاق',
};
let loads = 0;
const domain: DomainModule = {
  id: 'test-domain',
  modePrefixes: [],
  routes: [],
  nav: [],
  crumbs: {},
  landing: [],
  definitionWords: {
    ar: async () => {
      loads += 1;
      return { default: arabic };
    },
  },
};
registerDomainWords([domain]);

const project = (index: number, status: string) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  version: 1,
  active: true,
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  name: `Palm ${index}`,
  code: `P${index}`,
  status,
  launchDate: null,
  deliveryDate: null,
  sources: [],
  refLabels: {},
});

const server = mockEngineApi([projects, sources]);

/** As the shell does: the page's language is set, its words loaded, before the page renders. */
async function renderIn(language: 'ar' | 'en', path: string) {
  await setLanguage(language, [definitionWordsCatalog, recordsCatalog]);
  await gridLocaleText(language);
  server.use(
    http.get(`${BASE}/api/projects`, () => HttpResponse.json({ status: 'OK', data: [project(1, 'planned'), project(2, 'launched')], total: 2, page: 1, pageSize: 25 })),
    http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] })),
  );
  return renderRoutes(
    [
      {
        path: '/settings/projects',
        element: (
          <Suspense fallback={<p>loading words</p>}>
            <ResourcePage def={projects} />
          </Suspense>
        ),
      },
    ],
    path,
    grant('project', ['read', 'create', 'update']),
  );
}

describe('engine screens in the page language', () => {
  it('loads no Arabic definition words for an English page', async () => {
    await setLanguage('en', [definitionWordsCatalog]);
    expect(loads).toBe(0);
  });

  it('shows an Arabic list: column headers, option labels in the cells, the engine’s buttons and pager', async () => {
    await renderIn('ar', '/settings/projects');
    const grid = await screen.findByRole('grid', { name: 'المشروعات' }, { timeout: 15_000 });
    expect(await within(grid).findByText('مخطط')).toBeInTheDocument();
    expect(within(grid).getByText('تم الإطلاق')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'الكود' })).toBeInTheDocument();
    expect(within(grid).queryByText('Planned')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة مشروع' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'عوامل التصفية' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'بحث في المشروعات' })).toBeInTheDocument();
    expect(await screen.findByText('1–2 من 2')).toBeInTheDocument();
  });

  it('shows an Arabic form with its labels and the options of an enum by their Arabic labels', async () => {
    await renderIn('ar', '/settings/projects?create=1');
    expect(await screen.findByRole('heading', { name: 'إضافة مشروع' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^الاسم/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إلغاء' })).toBeInTheDocument();
    expect(screen.getByText('* مطلوب')).toBeInTheDocument();
    // A word the package has not given stays English, never a key.
    expect(screen.getAllByText('Delivery date', { exact: false }).length).toBeGreaterThan(0);
    // The status starts at its default, shown by its Arabic label.
    expect(screen.getAllByText('مخطط').length).toBeGreaterThan(0);
    expect(screen.queryByText('Planned')).not.toBeInTheDocument();
  });

  it('keeps English exactly as it was', async () => {
    await renderIn('en', '/settings/projects');
    const grid = await screen.findByRole('grid', { name: 'Projects' }, { timeout: 15_000 });
    expect(await within(grid).findByText('Planned')).toBeInTheDocument();
    expect(within(grid).getByText('Launched')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New project' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search projects' })).toBeInTheDocument();
    expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
  });
});
