import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { declareResources } from '@propdesk/records/web';
import { customScreen, type SectionDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';
import { commissionItems } from '../commissions/commissionScreens.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await import('./contractExtras.js')).contractExtras;

/**
 * The contract screens: engine screens of `contracts` (with the steps, prints and ledger panel) and of
 * the installment ledger. The spec's contract routes have no guard (the server still asks `contract`);
 * `/view` and `/edit` are the list's record view and its edit (`?record=`). The payments paths are
 * sidebar targets with no route in the spec; installments are written by the server only, so their
 * create and edit paths open the ledger.
 */
export const contractScreens: SectionDeclaration = {
  id: 'sales.contracts', label: 'Contracts', icon: DescriptionOutlined, mode: 'sales', order: 5,
  trail: ['Sales', 'Contracts'],
  items: [
    resource('contracts', { guard: null, navLabel: 'All Contracts', extend, aliases: ['/sales/contracts/view', '/sales/contracts/edit'] }),
    resource('contracts', { guard: null, mode: 'create', title: 'Create Contract', extend }),
    resource('installments', {
      guard: null,
      path: '/sales/contracts/payments',
      title: 'Contract Payments',
      aliases: ['/sales/contracts/payments/create', '/sales/contracts/payments/edit', '/sales/contracts/payments/view'],
    }),
    // Not in the spec: the collections dashboard (issue 18), for whoever may read the ledger.
    customScreen('/sales/contracts/collections', 'Collections', () => import('../collections/CollectionsPage.js').then((m) => m.CollectionsPage), { guard: { entity: 'contractPayment', action: 'read' } }),
    // Broker commissions and statements (issue 18), for whoever may read commissions.
    ...commissionItems,
  ],
};
