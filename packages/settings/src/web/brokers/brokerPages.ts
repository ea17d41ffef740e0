import { placeholderPage } from '@propdesk/shell-ui';

/** The broker screens of Settings › Leads; each is a placeholder until its issue is built. */
export const brokerPages = {
  list: placeholderPage(
    'Brokers',
    'Brokerage companies: licence number, tax ID, contacts, address, country, default commission, bank details and whether active or suspended.',
  ),
  create: placeholderPage('Create Broker', 'Registers a brokerage company with its licence, contacts, default commission and bank details.'),
  templates: placeholderPage(
    'Broker Project Templates',
    'Per project, how brokers earn commission: percent, fixed or tiered, and whether it is payable on signing, down payment or full payment.',
  ),
  templateCreate: placeholderPage('Create Broker Project Template', 'Sets up the commission terms brokers earn on a project.'),
  templateEdit: placeholderPage('Edit Broker Project Template', 'Changes the commission terms of a project template.'),
  contracts: placeholderPage(
    'Broker Contracts',
    'The contracts signed with brokers under a project template: number, start and end dates, and status from draft to active, expired or terminated.',
  ),
  contractCreate: placeholderPage('Create Broker Contract', 'Signs a broker up to a project template for a period.'),
  contractEdit: placeholderPage('Edit Broker Contract', 'Changes a broker contract’s dates or status.'),
};

export type BrokerPage = keyof typeof brokerPages;
