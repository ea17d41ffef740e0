import { f, type ResourceDef } from '@propdesk/records/model';

/** Who approves a purchase order of which amount: every tier whose threshold the total exceeds, in level order. */
export const approvalTiers: ResourceDef = {
  name: 'approval-tiers',
  table: 'approval_tiers',
  label: 'Approval Tiers',
  singular: 'Approval tier',
  entity: 'approvalTier',
  route: '/procurement/approvalTiers',
  fields: {
    name: f.name('Tier name'),
    level: f.integer('Level', { required: true, unique: true, min: 1, max: 20, help: 'Tiers approve in this order' }),
    aboveAmount: f.money('Applies above', { required: true, help: 'Orders whose total exceeds this amount need this tier' }),
    role: f.ref('Approver role', 'roles', { required: true }),
  },
  defaultSort: ['level'],
  listColumns: ['level', 'name', 'aboveAmount', 'role', 'active'],
  formLayout: [['name', 'level'], ['aboveAmount', 'role']],
};
