import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { declareResources } from '@propdesk/records/web';
import { domainModule, type DomainModule } from '@propdesk/shell-ui';
import { PROCUREMENT_RESOURCES } from '../model/definitions.js';

const resource = declareResources(PROCUREMENT_RESOURCES);
const trail = ['Procurement'];

/**
 * The procurement domain: purchase requests, purchase orders and quotations (spec section 2), and
 * issue 9's suppliers and approval tiers; each a records-engine screen from its definition, its
 * own sidebar entry shown for read on its entity. The purchase-request guard is the spec's
 * PurchaseRequest; landing entry 28 names prheader, an alias the privilege engine folds.
 */
export const procurementModule: DomainModule = domainModule({
  id: 'procurement',
  modePrefixes: [{ prefix: '/procurement', mode: 'procurement' }],
  sections: [
    {
      id: 'procurement.purchaseRequest',
      mode: 'procurement',
      order: 1,
      icon: AssignmentOutlined,
      trail,
      screen: resource('purchase-requests', {
        navLabel: 'Purchase Request',
        extend: () => import('./purchaseRequests/purchaseRequestPages.js').then((m) => m.purchaseRequestPage),
      }),
    },
    {
      id: 'procurement.purchaseOrder',
      mode: 'procurement',
      order: 2,
      icon: ShoppingCartOutlined,
      trail,
      screen: resource('purchase-orders', {
        navLabel: 'Purchase Order',
        extend: () => import('./purchaseOrders/purchaseOrderPages.js').then((m) => m.purchaseOrderPage),
      }),
    },
    {
      id: 'procurement.quotations',
      mode: 'procurement',
      order: 3,
      icon: RequestQuoteOutlined,
      trail,
      screen: resource('quotations', { extend: () => import('./quotations/quotationPages.js').then((m) => m.quotationPage) }),
    },
    { id: 'procurement.suppliers', mode: 'procurement', order: 4, icon: LocalShippingOutlined, trail, screen: resource('suppliers') },
    { id: 'procurement.approvalTiers', mode: 'procurement', order: 5, icon: GavelOutlined, trail, screen: resource('approval-tiers') },
  ],
});
