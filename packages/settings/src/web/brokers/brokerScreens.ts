import type { LazyPage } from '@propdesk/shell-ui';
import type { BrokerPage } from './brokerPages.js';
import { readOn, type Screen, screen } from '@propdesk/shell-ui';

const page = (name: BrokerPage): LazyPage => () => import('./brokerPages.js').then((m) => ({ Component: m.brokerPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Settings', 'Leads', title] });

/** Brokers, their project templates and contracts (spec section 2, Settings › Leads). */
export const brokerScreens: readonly Screen[] = [
  screen('/settings/leads/brokers', crumb('Brokers'), page('list'), readOn('broker')),
  screen('/settings/leads/brokers/create', crumb('Create Broker'), page('create'), readOn('broker')),
  screen('/settings/leads/brokers/ProjectTemplate', crumb('Broker Project Templates'), page('templates'), readOn('brokerprojecttemplate')),
  screen(
    '/settings/leads/brokers/ProjectTemplate/create',
    crumb('Create Broker Project Template'),
    page('templateCreate'),
    readOn('brokerprojecttemplate'),
  ),
  screen(
    '/settings/leads/brokers/ProjectTemplate/edit',
    crumb('Edit Broker Project Template'),
    page('templateEdit'),
    readOn('brokerprojecttemplate'),
  ),
  screen('/settings/leads/brokers/contracts', crumb('Broker Contracts'), page('contracts'), readOn('brokercontract')),
  screen('/settings/leads/brokers/contracts/create', crumb('Create Broker Contract'), page('contractCreate'), readOn('brokercontract')),
  screen('/settings/leads/brokers/contracts/edit', crumb('Edit Broker Contract'), page('contractEdit'), readOn('brokercontract')),
];
