import type { LazyPage } from '@propdesk/shell-ui';
import type { ContractPage } from './contractPages.js';
import { type Screen, screen } from '@propdesk/shell-ui';

const page = (name: ContractPage): LazyPage => () =>
  import('./contractPages.js').then((m) => ({ Component: m.contractPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Sales', 'Contracts', title] });

/** The spec's contract routes have no guard; the payments paths are sidebar targets with no route in the spec. */
export const contractScreens: readonly Screen[] = [
  screen('/sales/contracts', { title: 'Contracts', trail: ['Sales', 'Contracts'] }, page('list')),
  screen('/sales/contracts/create', crumb('Create Contract'), page('create')),
  screen('/sales/contracts/edit', crumb('Edit Contract'), page('edit')),
  screen('/sales/contracts/view', crumb('View Contract'), page('view')),
  screen('/sales/contracts/payments', crumb('Contract Payments'), page('payments')),
  screen('/sales/contracts/payments/create', crumb('Create Contract Payment'), page('paymentCreate')),
  screen('/sales/contracts/payments/edit', crumb('Edit Contract Payment'), page('paymentEdit')),
  screen('/sales/contracts/payments/view', crumb('View Contract Payment'), page('paymentView')),
];
