import type { Privilege } from '@propdesk/privileges';
import { engineScreenResource } from '@propdesk/records/web';
import { describeDomainModule, privilege } from '@propdesk/shell-ui/testing';
import { PROCUREMENT_RESOURCES } from '../model/definitions.js';
import { procurementModule } from './procurementModule.js';

/** The procurement routes of spec section 2 and the entity of their read guard. */
const SPEC_ROUTES: Record<string, string> = {
  '/procurement/purchaseRequest': 'PurchaseRequest',
  '/procurement/purchaseOrder': 'poheader',
  '/procurement/Quotations': 'quotation',
};
/** Issue 9's own screens: suppliers and the approval tiers. */
const ISSUE_ROUTES: Record<string, string> = {
  '/procurement/suppliers': 'supplier',
  '/procurement/approvalTiers': 'approvalTier',
};

const read = privilege;
const only = (name: string, privileges: readonly Privilege[], equals: readonly string[]) => ({ name, privileges, equals });

describeDomainModule(procurementModule, {
  routes: { ...SPEC_ROUTES, ...ISSUE_ROUTES },
  trailRoots: ['Procurement'],
  crumbs: { '/procurement/Quotations': { title: 'Quotations', trail: ['Procurement', 'Quotations'] } },
  resources: PROCUREMENT_RESOURCES.map((def) => def.name),
  engineScreenResource,
  // Every procurement screen is the records engine's, no longer the placeholder.
  built: [...Object.keys(SPEC_ROUTES), ...Object.keys(ISSUE_ROUTES)],
  sections: [
    ['Purchase Request', 'procurement', 1, '/procurement/purchaseRequest'],
    ['Purchase Order', 'procurement', 2, '/procurement/purchaseOrder'],
    ['Quotations', 'procurement', 3, '/procurement/Quotations'],
    ['Suppliers', 'procurement', 4, '/procurement/suppliers'],
    ['Approval Tiers', 'procurement', 5, '/procurement/approvalTiers'],
  ],
  sidebar: [
    only('shows no entry without privileges', [], []),
    only('shows Purchase Request for read on PurchaseRequest', [read('PurchaseRequest')], ['Purchase Request']),
    only('shows Purchase Request for read on its alias prheader', [read('prheader')], ['Purchase Request']),
    only('shows Purchase Order for read on poheader', [read('poheader')], ['Purchase Order']),
    only('shows Quotations for read on quotation, not for create on poheader', [read('quotation'), { entityName: 'poheader', action: 'create' }], ['Quotations']),
    only('shows Suppliers for read on supplier', [read('supplier')], ['Suppliers']),
    only('shows Approval Tiers for read on approvalTier', [read('approvalTier')], ['Approval Tiers']),
  ],
  landing: [28, 29, 30],
  landingDeniedTo: [read('lead')],
  modePrefixes: [{ prefix: '/procurement', mode: 'procurement' }],
});
