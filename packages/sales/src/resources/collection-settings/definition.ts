import { f, type ResourceDef } from '@propdesk/records/model';

/** How many days before its due date a customer is reminded of an installment, unless a project says otherwise. */
export const DEFAULT_REMIND_DAYS_BEFORE = 7;

/**
 * A project's collection settings (issue 25), one row per project: the bounce charge a bounced
 * cheque adds to its contract's ledger (empty: none), and how many days before an installment's due
 * date its customer is reminded. Written through the engine (screen, or the older
 * `PUT /api/cheques/bounce-charges/{project}`), so every change has its history. The grace days and
 * the late charge stay the reservation setup's late-payment rule (one home each).
 */
export const collectionSettings: ResourceDef = {
  name: 'collection-settings',
  table: 'collection_settings',
  label: 'Collection Settings',
  singular: 'Collection settings',
  entity: 'collectionSetting',
  labelField: 'name',
  route: '/sales/contracts/collections/settings',
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { required: true, unique: true }),
    bounceCharge: f.money('Bounce charge', { min: 0.01, help: 'Added to the contract when one of its cheques bounces. Empty: no charge.' }),
    remindDaysBefore: f.integer('Remind days before due', { required: true, min: 0, max: 60, default: DEFAULT_REMIND_DAYS_BEFORE, help: 'How many days before an installment falls due its customer is reminded (0: on the day).' }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'bounceCharge', 'remindDaysBefore'],
  formLayout: [['name', 'project'], ['bounceCharge', 'remindDaysBefore'], ['notes']],
};
