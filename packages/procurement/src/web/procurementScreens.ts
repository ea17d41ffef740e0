import type { LazyPage } from '@propdesk/shell-ui';
import type { PurchaseOrderPage } from './purchaseOrders/purchaseOrderPages.js';
import type { PurchaseRequestPage } from './purchaseRequests/purchaseRequestPages.js';
import type { QuotationPage } from './quotations/quotationPages.js';
import type { SupplierPage } from './suppliers/supplierPages.js';
import { readOn, type Screen, screen } from '@propdesk/shell-ui';

const purchaseRequestPage = (name: PurchaseRequestPage): LazyPage => () =>
  import('./purchaseRequests/purchaseRequestPages.js').then((m) => ({ Component: m.purchaseRequestPages[name] }));
const purchaseOrderPage = (name: PurchaseOrderPage): LazyPage => () =>
  import('./purchaseOrders/purchaseOrderPages.js').then((m) => ({ Component: m.purchaseOrderPages[name] }));
const quotationPage = (name: QuotationPage): LazyPage => () =>
  import('./quotations/quotationPages.js').then((m) => ({ Component: m.quotationPages[name] }));
const supplierPage = (name: SupplierPage): LazyPage => () =>
  import('./suppliers/supplierPages.js').then((m) => ({ Component: m.supplierPages[name] }));

/**
 * The procurement routes of spec section 2. The purchase-request guard is the spec's
 * PurchaseRequest; landing entry 28 names prheader, an alias the privilege engine folds.
 */
export const procurementScreens: readonly Screen[] = [
  screen(
    '/procurement/purchaseRequest',
    { title: 'Purchase Requests', trail: ['Procurement', 'Purchase Requests'] },
    purchaseRequestPage('list'),
    readOn('PurchaseRequest'),
  ),
  screen(
    '/procurement/purchaseOrder',
    { title: 'Purchase Orders', trail: ['Procurement', 'Purchase Orders'] },
    purchaseOrderPage('list'),
    readOn('poheader'),
  ),
  screen(
    '/procurement/Quotations',
    { title: 'Quotations', trail: ['Procurement', 'Quotations'] },
    quotationPage('list'),
    readOn('quotation'),
  ),
  // Not spec routes (issue 9): the supplier reference list and the approval tiers an administrator sets.
  screen('/procurement/suppliers', { title: 'Suppliers', trail: ['Procurement', 'Suppliers'] }, supplierPage('suppliers'), readOn('supplier')),
  screen('/procurement/approvalTiers', { title: 'Approval Tiers', trail: ['Procurement', 'Approval Tiers'] }, supplierPage('approvalTiers'), readOn('approvalTier')),
];
