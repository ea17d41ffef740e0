import type { LazyPage } from '@propdesk/shell-ui';
import type { UserPage } from './userPages.js';
import { readOn, type Screen, screen } from '@propdesk/shell-ui';

const page = (name: UserPage): LazyPage => () => import('./userPages.js').then((m) => ({ Component: m.userPages[name] }));

/** Users live in settings with roles (domain.md), at the spec's /sales paths and in the Sales sidebar. */
export const userScreens: readonly Screen[] = [
  screen('/sales/users', { title: 'Users', trail: ['Sales', 'Users'] }, page('list'), readOn('user')),
  screen('/sales/users/create', { title: 'Create User', trail: ['Sales', 'Users', 'Create User'] }, page('create'), readOn('user')),
];
