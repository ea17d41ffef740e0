import Stack from '@mui/material/Stack';
import type { ResourcePageProps } from '@propdesk/records/web';
import { customerExtras as portfolioExtras } from '../reservations/customerExtras.web.js';
import { CustomerMessages } from '../messages/CustomerMessages.web.js';
import { CustomerStatement } from './CustomerStatement.web.js';

/** For the customers screen's `extend`: the portfolio panel as before, and the statement of account and the customer's messages beside it. */
export const customerExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  ...portfolioExtras,
  renderExtra: (record) => (
    <Stack spacing={2}>
      {portfolioExtras.renderExtra?.(record)}
      <CustomerStatement customerId={record.id} />
      <CustomerMessages customerId={record.id} />
    </Stack>
  ),
};
