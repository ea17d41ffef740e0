import type { LazyPage } from '@propdesk/shell-ui';
import type { CustomerPage } from './customerPages.js';
import { type Screen, screen } from '@propdesk/shell-ui';

const page = (name: CustomerPage): LazyPage => () =>
  import('./customerPages.js').then((m) => ({ Component: m.customerPages[name] }));

/** Sales screens whose spec paths sit under /settings/leads (see salesModule's mode prefixes). */
export const customerScreens: readonly Screen[] = [
  screen('/settings/leads/Customers', { title: 'Customers', trail: ['Sales', 'Customers'] }, page('list')),
  screen(
    '/settings/leads/CreateCustomer',
    { title: 'Create Customer', trail: ['Sales', 'Customers', 'Create Customer'] },
    page('create'),
  ),
];
