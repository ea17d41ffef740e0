import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
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
  {
    id: 'procurement.suppliers',
    label: 'Suppliers',
    path: '/procurement/suppliers',
    icon: LocalShippingOutlined,
    mode: 'procurement',
    order: 4,
    visible: sidebarRules.readOn('supplier'),
  },
  {
    id: 'procurement.approvalTiers',
    label: 'Approval Tiers',
    path: '/procurement/approvalTiers',
    icon: GavelOutlined,
    mode: 'procurement',
    order: 5,
    visible: sidebarRules.readOn('approvalTier'),
  },
];
