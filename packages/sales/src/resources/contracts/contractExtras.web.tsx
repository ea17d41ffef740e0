import type { ResourcePageProps } from '@propdesk/records/web';
import { ContractPanel } from './ContractPanel.web.js';

/** What the contract screens add to the engine's page: the steps, prints and ledger panel. */
export const contractExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <ContractPanel record={record} />,
};
