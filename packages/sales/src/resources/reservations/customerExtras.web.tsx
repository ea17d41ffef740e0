import type { ResourcePageProps } from '@propdesk/records/web';
import { CustomerPortfolio } from './CustomerPortfolio.web.js';

/** For the customers screen's `extend`: the customer's leads, EOIs, holds, reservations and payments under their view. */
export const customerExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <CustomerPortfolio customerId={record.id} />,
};
