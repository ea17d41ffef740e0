import type { LazyPage } from '@propdesk/shell-ui';
import type { HoldRequestPage } from './holdRequestPages.js';
import { screen, type Screen } from '@propdesk/shell-ui';

const page = (name: HoldRequestPage): LazyPage => () =>
  import('./holdRequestPages.js').then((m) => ({ Component: m.holdRequestPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Sales', 'Hold Requests', title] });

/** Sales screens whose spec paths sit under /settings/leads (see salesModule's mode prefixes). */
export const holdRequestScreens: readonly Screen[] = [
  screen('/settings/leads/holdRequests', { title: 'Hold Requests', trail: ['Sales', 'Hold Requests'] }, page('list')),
  screen('/settings/leads/holdRequests/create', crumb('Create Hold Request'), page('create')),
  screen('/settings/leads/holdRequests/view', crumb('View Hold Request'), page('view')),
  screen('/settings/leads/holdRequestSetUp', crumb('Hold Request Setup'), page('setup')),
];
