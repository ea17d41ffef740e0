import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import { navLink, readOn, type SectionDeclaration } from '@propdesk/shell-ui';
import { SETTINGS_RESOURCES } from '../model/definitions/index.js';

const resource = declareResources(SETTINGS_RESOURCES);
const paymentPlanExtension = () => import('./paymentPlans/paymentPlanScreen.js').then((m) => m.paymentPlanScreen);

/**
 * Settings › Leads (spec sections 2 and 6): each reference-data screen from its definition, with
 * the spec's differences. The payment, receipt and bounced-cheque items link to screens of
 * @propdesk/sales, which routes them.
 */
export const leadsSettings: SectionDeclaration = {
  id: 'settings.leads',
  label: 'Leads',
  icon: TuneOutlined,
  mode: 'settings',
  order: 1,
  visible: sidebarRules.settingsLeadsGroup,
  trail: ['Settings', 'Leads'],
  items: [
    resource('sources'),
    resource('source-types'),
    resource('channels'),
    // Sidebar target with no route in the spec: guarded like its sidebar item (read on channel).
    resource('channels', { path: '/settings/leads/channels/manage', title: 'Manage Channels' }),
    resource('channel-types'),
    resource('walkin-locations'),
    resource('lead-statuses'),
    resource('projects'),
    resource('units', { custom: () => import('./units/UnitsPage.js').then((m) => m.UnitsPage) }),
    resource('unit-types'),
    resource('unit-statuses', { title: 'Unit Status' }),
    // Landing entry 27 spells this page /settings/leads/blocktype: the same Block Types screen.
    resource('block-types', { aliases: ['/settings/leads/blocktype'] }),
    resource('payment-plans', { extend: paymentPlanExtension }),
    resource('unit-offers'),
    resource('sales-teams'),
    resource('areas'),
    resource('brokers'),
    resource('broker-project-templates'),
    resource('broker-contracts'),
    resource('payment-types'),
    resource('banks'),
    // Sidebar target with no route in the spec: the payment statuses list, guarded like its item.
    resource('payment-statuses', { path: '/settings/leads/paymentStatuses' }),
    // Sales' screens (settings may not import sales: docs/architecture.md); the web app's screenLinks
    // test checks each path is the sales document's own link.
    navLink('EOI Payments', '/settings/leads/EoiPayments'),
    navLink('Reservation Payments', '/settings/leads/ReservationPayments'),
    navLink('Contract Payments', '/settings/leads/ContractPayments'),
    navLink('Receipts', '/settings/leads/Receipt'),
    navLink('Receipt Items', '/settings/leads/ReceiptItem'),
    navLink('Create Receipt', '/receipt/createNewReceipt'),
    navLink('Bounced Cheques', '/settings/leads/BouncedCheques', sidebarRules.readOn('bouncedCheques')),
    resource('bounced-reasons'),
  ],
  pages: [
    // The spec guards the create page by read on user, not paymentplansetup; kept as written.
    resource('payment-plans', { mode: 'create', title: 'Create Payment Plan', guard: readOn('user'), extend: paymentPlanExtension }),
    resource('brokers', { mode: 'create', title: 'Create Broker' }),
    resource('broker-project-templates', { mode: 'create', title: 'Create Broker Project Template' }),
    resource('broker-project-templates', { mode: 'edit', title: 'Edit Broker Project Template' }),
    resource('broker-contracts', { mode: 'create', title: 'Create Broker Contract' }),
    resource('broker-contracts', { mode: 'edit', title: 'Edit Broker Contract' }),
  ],
};
