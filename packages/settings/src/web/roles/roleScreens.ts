import type { LazyPage } from '@propdesk/shell-ui';
import type { RolePage } from './rolePages.js';
import { readOn, type Screen, screen } from '@propdesk/shell-ui';

const page = (name: RolePage): LazyPage => () => import('./rolePages.js').then((m) => ({ Component: m.rolePages[name] }));

/** The role routes (spec section 2), guarded by read on role. */
export const roleScreens: readonly Screen[] = [
  screen('/settings/roles', { title: 'Roles', trail: ['Settings', 'Roles'] }, page('list'), readOn('role')),
  screen('/settings/CreateRole', { title: 'Create Role', trail: ['Settings', 'Roles', 'Create Role'] }, page('create'), readOn('role')),
  screen('/settings/editRole', { title: 'Edit Role', trail: ['Settings', 'Roles', 'Edit Role'] }, page('edit'), readOn('role')),
];
