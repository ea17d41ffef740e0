import { f, type FieldDef, type ResourceDef } from '@propdesk/records/model';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

export const BULK_DEAL_STATES = ['draft', 'previewed', 'published', 'cancelled'] as const;

/**
 * A bulk deal (domain.md Sales: bulkDeal): one run for one launch. Its paid EOIs, in token order,
 * are matched to available units by their ranked preferences, or to the unit chosen by hand in
 * `picks`. The dry run (`dryRun`) stores every match with its price and plan and every conflict in
 * `result`; `publish` turns that run into reservations in one transaction (all or nothing), and the
 * EOIs left without a unit go to the refund queue. Changing the picks sends the run back to draft.
 */
export const bulkDeals: ResourceDef = {
  name: 'bulk-deals',
  table: 'bulk_deals',
  label: 'Bulk Deals',
  singular: 'Bulk deal',
  entity: 'bulkDeal',
  hasActive: false,
  labelField: 'title',
  codeField: 'number',
  route: '/sales/eoi/bulkdeals',
  numbering: { prefix: 'BLK', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    title: f.text('Title', { searchable: true, maxLength: 160, help: 'Empty: the launch’s name.' }),
    setup: f.ref('Launch', 'eoi-setups', { required: true, indexed: true }),
    picks: f.rows(
      'Units chosen by hand',
      {
        eoi: f.text('EOI number', { required: true, maxLength: 20 }),
        unit: f.text('Unit code', { required: true, maxLength: 30 }),
      },
      { maxRows: 5000 },
    ),
    status: f.enum('Status', BULK_DEAL_STATES, { default: 'draft', readOnly: true, indexed: true }),
    eoiCount: f.integer('Paid EOIs', { readOnly: true }),
    matched: f.integer('Matched', { readOnly: true }),
    conflicts: f.integer('Conflicts', { readOnly: true }),
    result: f.json('Dry run', { readOnly: true, hidden: true }),
    previewedAt: datetime('Dry run at', { readOnly: true }),
    publishedAt: datetime('Published at', { readOnly: true }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'setup', 'status', 'eoiCount', 'matched', 'conflicts', 'previewedAt', 'publishedAt'],
  formLayout: [['setup', 'title'], ['picks'], ['notes']],
  statusField: 'status',
  editableStates: ['draft', 'previewed'],
  actions: {
    dryRun: { label: 'Dry run', from: ['draft', 'previewed'], to: 'previewed', privilege: 'update', reason: 'optional' },
    publish: {
      label: 'Publish',
      from: ['previewed'],
      to: 'published',
      privilege: 'approve',
      reason: 'optional',
      confirm: 'Publish {number}? {matched} reservations are made in one go, and EOIs left without a unit go to the refund queue.',
    },
    cancel: { label: 'Cancel', from: ['draft', 'previewed'], to: 'cancelled', reason: 'required', confirm: 'Cancel {number}?' },
  },
};
