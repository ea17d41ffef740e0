// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@propdesk/i18n';
import { setLanguage } from '@propdesk/i18n/react';
import { definitionWordsCatalog, registerDomainWords, type DomainModule } from '@propdesk/shell-ui';
import { recordsCatalog } from './i18n/catalog.js';
import { gridLocaleText } from './i18n/gridLocale.js';
import { formatIn } from './i18n/valueFormat.js';
import { describeFilter } from './filterText.js';
import { fillPlaceholders, formatValue, recordTitle } from './format.js';
import { translator } from '@propdesk/i18n';
import { localizedDefinition } from './i18n/localizedDefinition.js';
import type { DefinitionWords } from '../model/index.js';
import { ConflictDialog } from './ConflictDialog.js';
import { PhoneInput } from './PhoneInput.js';
import { ReasonDialog } from './ReasonDialog.js';
import { RowsInput } from './RowsInput.js';
import type { FieldDef } from '../model/index.js';
import { ResourcePage } from './ResourcePage.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';
import { projects, sources, units } from '../test/definitions.js';

// Issue 29 follow-up: the engine's last English words in an Arabic session (filter chip, values, view, dialogs).

const arabic: DefinitionWords = {
  'projects.label': 'المشروعات',
  'projects.singular': 'مشروع',
  'projects.fields.name.label': 'الاسم',
  'projects.fields.code.label': 'الكود',
  'projects.fields.status.label': 'الحالة',
  'projects.fields.status.options.planned': 'مخطط',
  'projects.fields.status.options.launched': 'تم الإطلاق',
  'projects.fields.launchDate.label': 'تاريخ الإطلاق',
  'units.label': 'الوحدات',
  'leads.label': 'العملاء المحتملون',
  'units.fields.basePrice.label': 'السعر الأساسي',
  'units.fields.corner.label': 'ناصية',
};
const domain: DomainModule = { id: 'arabic-engine', modePrefixes: [], routes: [], nav: [], crumbs: {}, landing: [], definitionWords: { ar: async () => ({ default: arabic }) } };
registerDomainWords([domain]);

const ID = '00000000-0000-4000-8000-000000000001';
const project = {
  id: ID,
  version: 3,
  active: true,
  createdOn: '2026-01-01T10:00:00.000Z',
  modifiedOn: '2026-02-01T10:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  name: 'Palm 1',
  code: 'P1',
  status: 'planned',
  launchDate: '2026-11-24',
  deliveryDate: null,
  sources: [],
  refLabels: {},
};

const server = mockEngineApi([projects, sources, units]);

async function renderIn(language: 'ar' | 'en', path: string, usage: unknown[] = [], total = 1) {
  await setLanguage(language, [definitionWordsCatalog, recordsCatalog]);
  await gridLocaleText(language);
  server.use(
    http.get(`${BASE}/api/projects`, () => HttpResponse.json({ status: 'OK', data: [project], total, page: 1, pageSize: 25 })),
    http.get(`${BASE}/api/projects/${ID}`, () => HttpResponse.json({ status: 'OK', data: project })),
    http.get(`${BASE}/api/projects/${ID}/usage`, () => HttpResponse.json({ status: 'OK', data: usage })),
    http.get(`${BASE}/api/projects/${ID}/history`, () => HttpResponse.json({ status: 'OK', data: [] })),
    http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] })),
  );
  return renderRoutes([{ path: '/settings/projects', element: <ResourcePage def={projects} /> }], path, grant('project', ['read', 'create', 'update', 'delete']));
}

const where = encodeURIComponent(JSON.stringify({ join: 'and', children: [{ field: 'status', op: 'eq', value: 'planned' }, { field: 'launchDate', op: 'gte', value: '2026-11-24' }] }));
const LATIN_WORD = /\b(is|and|or|more|Yes|No|Only|Sorted|Used by)\b/;

describe('the filter chip in the page language', () => {
  it('says the filter in Arabic, data isolated, no English word', async () => {
    await renderIn('ar', `/settings/projects?where=${where}`);
    const chip = await screen.findByText(/^الحالة يساوي/, {}, { timeout: 15_000 });
    expect(chip.textContent).toBe('الحالة يساوي \u2068مخطط\u2069 وتاريخ الإطلاق لا يقل عن \u206824 نوفمبر 2026\u2069');
    expect(chip.textContent).not.toMatch(LATIN_WORD);
  });

  it('keeps the English chip byte for byte', async () => {
    await renderIn('en', `/settings/projects?where=${where}`);
    expect(await screen.findByText('Status is Planned and Launch date is at least 24 Nov 2026', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('describes booleans, money, base columns and long lists in Arabic', async () => {
    await loadCatalog(recordsCatalog, 'ar');
    await setLanguage('ar', [definitionWordsCatalog, recordsCatalog]);
    const def = localizedDefinition(units, 'ar');
    const words = { t: translator(recordsCatalog, 'ar'), format: formatIn('ar') };
    const text = describeFilter(
      def,
      {
        join: 'or',
        children: [
          { field: 'corner', op: 'eq', value: true },
          { field: 'basePrice', op: 'gte', value: '1000000' },
          { field: 'active', op: 'eq', value: false },
          { field: 'floor', op: 'in', value: ['1', '2', '3', '4', '5'] },
          { field: 'project', op: 'empty', value: null },
        ],
      },
      new Map(),
      words,
    );
    expect(text).toBe(
      'ناصية يساوي نعم أو السعر الأساسي لا يقل عن \u20681,000,000.00 EGP\u2069 أو نشط يساوي لا أو Floor أحد القيم \u20681\u2069، \u20682\u2069، \u20683\u2069 و2 غيرها أو Project فارغ',
    );
  });
});

describe('the record view in the page language', () => {
  // Leads: a resource not registered here (a lazy screen not opened yet), named from the domains' words.
  const usage = [{ resource: 'units', label: 'Units', field: 'project', count: 2, route: '/units' }, { resource: 'leads', label: 'Leads', field: 'project', count: 1704, route: null }];

  it('shows dates, stamps and the "Used by" notice in Arabic', async () => {
    await renderIn('ar', `/settings/projects?record=${ID}`, usage);
    const notice = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(notice).toHaveTextContent('هذا السجل مستخدم في: الوحدات (2)، العملاء المحتملون (1,704)، لذا لا يمكن حذفه.');
    expect(notice.textContent).not.toMatch(/Used by|cannot/);
    expect(screen.getByText('24 نوفمبر 2026')).toBeInTheDocument();
    expect(screen.queryByText('24 Nov 2026')).not.toBeInTheDocument();
    expect(screen.getByText(/^أُنشئ .*2026/).textContent).not.toMatch(/Jan|Feb/);
  });

  it('keeps the English view as it was', async () => {
    await renderIn('en', `/settings/projects?record=${ID}`, usage);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Used by 2 units, 1704 leads, so it cannot be deleted. Deactivate takes it out of the pickers for new records; the records that use it keep it.',
    );
    expect(screen.getByText('24 Nov 2026')).toBeInTheDocument();
  });

  it('shows the date input with Arabic month names and Latin digits', async () => {
    await renderIn('ar', `/settings/projects?record=${ID}&edit=1`);
    const field = await screen.findByRole('group', { name: 'تاريخ الإطلاق' }, { timeout: 15_000 });
    expect(field).toHaveTextContent('نوفمبر');
    expect(field).toHaveTextContent('24');
    expect(field.textContent).not.toMatch(/Nov|[٠-٩]/);
  });
});

describe('success messages in the page language', () => {
  it('says "saved" in Arabic when the server gives no message', async () => {
    server.use(
      http.patch(`${BASE}/api/projects/${ID}`, () => HttpResponse.json({ status: 'OK', data: { ...project, name: 'Palm 9', version: 4 } })),
      http.get(`${BASE}/api/projects/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })),
    );
    await renderIn('ar', `/settings/projects?record=${ID}&edit=1`);
    const form = await screen.findByRole('form', {}, { timeout: 15_000 });
    const name = within(form).getByRole('textbox', { name: /^الاسم/ });
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Palm 9');
    await user.click(within(form).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('تم حفظ مشروع.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/saved\./)).not.toBeInTheDocument();
  });
});

describe('a form’s own checks in the page language', () => {
  it('says the schema’s English words in Arabic (found by their English), and in English as they were', async () => {
    server.use(http.get(`${BASE}/api/projects/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })));
    await renderIn('ar', `/settings/projects?record=${ID}&edit=1`);
    const form = await screen.findByRole('form', {}, { timeout: 15_000 });
    const name = within(form).getByRole('textbox', { name: /^الاسم/ });
    const user = userEvent.setup();
    await user.clear(name);
    await user.tab();
    expect(await within(form).findByText('مطلوب')).toBeInTheDocument();
    expect(within(form).queryByText('Required')).not.toBeInTheDocument();
  });

  it('keeps the English words', async () => {
    server.use(http.get(`${BASE}/api/projects/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })));
    await renderIn('en', `/settings/projects?record=${ID}&edit=1`);
    const form = await screen.findByRole('form', {}, { timeout: 15_000 });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    const user = userEvent.setup();
    await user.clear(name);
    await user.tab();
    expect(await within(form).findByText('Required')).toBeInTheDocument();
  });
});

describe('import and pickers in the page language', () => {
  it('walks the CSV import in Arabic: title, help, mapping, the dry run and its errors', async () => {
    server.use(
      http.post(`${BASE}/api/projects/import`, () =>
        HttpResponse.json({
          status: 'OK',
          data: {
            dryRun: true,
            committed: false,
            total: 2,
            valid: 1,
            invalid: 1,
            created: 1,
            updated: 0,
            columns: [{ column: 'Name', field: 'name' }, { column: 'Extra', field: null }],
            rows: [{ row: 3, errors: [{ field: 'code', message: 'مطلوب' }] }],
          },
        }),
      ),
    );
    await renderIn('ar', '/settings/projects');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'استيراد' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'استيراد المشروعات من ملف CSV' });
    expect(dialog).toHaveTextContent('الصف الأول يحمل أسماء الأعمدة.');
    // jsdom's File has no text(): the dialog reads the file with it.
    const file = new File(['Name,Extra\nPalm,x\n,y\n'], 'projects.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: async () => 'Name,Extra\nPalm,x\n,y\n' });
    await user.upload(within(dialog).getByLabelText('ملف CSV'), file);
    const mapping = await within(dialog).findByRole('table', { name: 'ربط الأعمدة' });
    expect(mapping).toHaveTextContent('العمود في الملف');
    await user.click(within(mapping).getAllByRole('combobox')[1]!);
    expect(await screen.findByRole('option', { name: 'عدم الاستيراد' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('status')).toHaveTextContent('الصفوف المفحوصة: 2؛ السليمة: 1؛ بها أخطاء: 1. لم يُكتب شيء.');
    const errors = within(dialog).getByRole('table', { name: 'صفوف بها أخطاء' });
    expect(errors).toHaveTextContent('الكود: مطلوب');
    expect(within(dialog).getByRole('button', { name: 'تنزيل الصفوف المطلوب تصحيحها' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/Import|rows checked|Column|Do not import|Nothing|Errors|Download/);
  });

  it('says "No options" in Arabic in an empty picker', async () => {
    server.use(http.get(`${BASE}/api/sources/options`, () => HttpResponse.json({ status: 'OK', data: [] })));
    await renderIn('ar', '/settings/projects?create=1');
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: /^Sources/ }, { timeout: 15_000 });
    await user.click(picker);
    expect(await screen.findByText('لا توجد خيارات', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText('No options')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
  });
});

describe('the phone input in the page language', () => {
  it('names the countries and the Country label in Arabic', async () => {
    await setLanguage('ar', [recordsCatalog]);
    render(<PhoneInput label="الهاتف" name="phone" value="+201001234567" onChange={() => undefined} />);
    expect(screen.getAllByText('الدولة').length).toBeGreaterThan(0);
    const country = screen.getByRole('combobox', { name: /الدولة/ });
    expect(country).toHaveTextContent('مصر (\u2066+20\u2069)');
    expect(screen.getByText(/^يُحفظ بالصيغة/)).toHaveTextContent('يُحفظ بالصيغة \u2066+201001234567\u2069');
    await userEvent.setup().click(country);
    // The list is drawn by the click. One pass over its ~250 options: a role query by name computes every
    // option's accessible name and style, and two of them took 6 s of this test on a loaded machine.
    const options = within(screen.getByRole('listbox')).getAllByRole('option', { hidden: true }).map((option) => option.textContent);
    expect(options).toContain('المملكة العربية السعودية (\u2066+966\u2069)');
    expect(options.filter((name) => /Egypt|Saudi/.test(name ?? ''))).toEqual([]);
  });

  it('keeps the English country list', async () => {
    await setLanguage('en', [recordsCatalog]);
    render(<PhoneInput label="Phone" name="phone" value="+201001234567" onChange={() => undefined} />);
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveTextContent('Egypt (+20)');
    expect(screen.getByText('Saved as +201001234567')).toBeInTheDocument();
  });
});

describe('the conflict and reason dialogs in the page language', () => {
  it('asks for a reason in Arabic', async () => {
    await setLanguage('ar', [recordsCatalog]);
    render(<ReasonDialog title="رفض" required onConfirm={() => undefined} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'رفض' });
    expect(within(dialog).getByRole('textbox', { name: /^السبب/ })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('يُحفظ في السجل.');
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/Reason|Kept|Cancel/);
  });

  it('compares a stale save in Arabic, dates as Arabic reads them', async () => {
    await setLanguage('ar', [definitionWordsCatalog, recordsCatalog]);
    const def = localizedDefinition(projects, 'ar');
    render(<ConflictDialog open def={def} mine={{ ...project, launchDate: '2026-12-01' }} mineLabels={{}} theirs={project} onReload={() => undefined} onOverwrite={() => undefined} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('غيّر شخص آخر هذا السجل (مشروع)');
    const table = within(dialog).getByRole('table', { name: 'الاختلافات' });
    expect(table).toHaveTextContent('تاريخ الإطلاق');
    expect(table).toHaveTextContent('24 نوفمبر 2026');
    expect(table).toHaveTextContent('01 ديسمبر 2026');
    expect(within(dialog).getByRole('button', { name: 'الحفظ فوقها بقيمي' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/Someone|Reload|Overwrite|Field|Nov|Dec/);
  });
});

describe('the selected rows’ bar in the page language', () => {
  it('offers every matching row and a field change in Arabic, counts with 0–9', async () => {
    await renderIn('ar', '/settings/projects', [], 1234);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'المشروعات' }, { timeout: 15_000 });
    await within(grid).findByText('Palm 1');
    await user.click(within(grid).getAllByRole('checkbox')[1]!);
    const bar = await screen.findByRole('region', { name: 'الصفوف المحددة' });
    expect(within(bar).getByRole('button', { name: 'تحديد كل الصفوف المطابقة (1,234)' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'تغيير حقل…' }));
    expect(await screen.findByRole('dialog', { name: 'تغيير حقل في صف واحد' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تغيير صف واحد' })).toBeInTheDocument();
    expect(bar.textContent).not.toMatch(/Select all|Change|[٠-٩]/);
  });
});

describe('a table field’s rows in the page language', () => {
  it('names the add, move and remove buttons and the cells in Arabic', async () => {
    await setLanguage('ar', [recordsCatalog]);
    const field = { kind: 'json', label: 'الشرائح', columns: { pct: { kind: 'percent', label: 'العمولة' } } } as unknown as FieldDef;
    render(<RowsInput name="tiers" field={field} value={[{ pct: '2' }, { pct: '3' }]} onChange={() => undefined} onBlur={() => undefined} />);
    expect(screen.getByRole('button', { name: 'إضافة صف إلى الشرائح' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف الصف 2 من الشرائح' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نقل الصف 1 في الشرائح لأسفل' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'العمولة، الصف 1 في الشرائح' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Remove|Move/ })).not.toBeInTheDocument();
    expect(screen.getByText('إجراءات الصف')).toBeInTheDocument();
  });

  it('says an empty table in Arabic', async () => {
    await setLanguage('ar', [recordsCatalog]);
    const field = { kind: 'json', label: 'الشرائح', columns: { pct: { kind: 'percent', label: 'العمولة' } } } as unknown as FieldDef;
    render(<RowsInput name="tiers" field={field} value={[]} onChange={() => undefined} onBlur={() => undefined} />);
    expect(screen.getByText('لا صفوف في الشرائح بعد.')).toBeInTheDocument();
    expect(screen.queryByText(/Row actions|yet/)).not.toBeInTheDocument();
  });
});

describe('an action’s question and a nameless record in the page language', () => {
  it('fills a confirmation with Arabic values and words', async () => {
    await loadCatalog(recordsCatalog, 'ar');
    const format = formatIn('ar');
    expect(fillPlaceholders('تأكيد {basePrice} في {launch}؟', units.fields, { basePrice: '146000' }, format, 'هذا السجل')).toBe('تأكيد 146,000.00 EGP في هذا السجل؟');
    expect(fillPlaceholders('Issue {basePrice}?', units.fields, { basePrice: '146000' })).toBe('Issue 146,000.00 EGP?');
    expect(formatValue(units.fields.project, 'x', null, format)).toBe('(غير معروف)');
    expect(formatValue(units.fields.project, 'x', null)).toBe('(unknown)');
    expect(recordTitle({ id: 'x' } as never, 'code', 'سجل')).toBe('سجل');
  });
});
