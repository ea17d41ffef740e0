import Stack from '@mui/material/Stack';
import type { ResourcePageProps } from '@propdesk/records/web';
import { Suspense } from 'react';
import { CustomerPortfolioPanel } from '../reservations/screens.web.js';
import { CustomerMessagesPanel } from '../messages/screens.web.js';
import { CustomerStatement } from './CustomerStatement.web.js';

/** For the customers screen's `extend`: the portfolio panel as before, and the statement of account and the customer's messages beside it. */
export const customerExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => (
    <Stack spacing={2}>
      <Suspense fallback={null}>
        <CustomerPortfolioPanel customerId={record.id} />
      </Suspense>
      <CustomerStatement customerId={record.id} />
      <Suspense fallback={null}>
        <CustomerMessagesPanel customerId={record.id} />
      </Suspense>
    </Stack>
  ),
};
