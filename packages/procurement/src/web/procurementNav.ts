import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { sidebarRules } from '@propdesk/privileges';
import type { NavSection } from '@propdesk/shell-ui';

/** The Procurement sidebar: each entry needs read on its entity. */
export const procurementNav: readonly NavSection[] = [
  {
    id: 'procurement.purchaseRequest',
    label: 'Purchase Request',
    path: '/procurement/purchaseRequest',
    icon: AssignmentOutlined,
    mode: 'procurement',
    order: 1,
    visible: sidebarRules.readOn('PurchaseRequest'),
  },
  {
    id: 'procurement.purchaseOrder',
    label: 'Purchase Order',
    path: '/procurement/purchaseOrder',
    icon: ShoppingCartOutlined,
    mode: 'procurement',
    order: 2,
    visible: sidebarRules.readOn('poheader'),
  },
  {
    id: 'procurement.quotations',
    label: 'Quotations',
    path: '/procurement/Quotations',
    icon: RequestQuoteOutlined,
    mode: 'procurement',
    order: 3,
    visible: sidebarRules.readOn('quotation'),
  },
];
