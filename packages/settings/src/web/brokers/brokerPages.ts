import { resourceScreen } from '@propdesk/records/web';
import { SETTINGS_RESOURCES } from '../../model/definitions/index.js';

/** The broker screens of Settings › Leads: lists, and the spec's separate create and edit routes. */
export const brokerPages = {
  list: resourceScreen('brokers', SETTINGS_RESOURCES),
  create: resourceScreen('brokers', SETTINGS_RESOURCES, { mode: 'create' }),
  templates: resourceScreen('broker-project-templates', SETTINGS_RESOURCES),
  templateCreate: resourceScreen('broker-project-templates', SETTINGS_RESOURCES, { mode: 'create' }),
  templateEdit: resourceScreen('broker-project-templates', SETTINGS_RESOURCES, { mode: 'edit' }),
  contracts: resourceScreen('broker-contracts', SETTINGS_RESOURCES),
  contractCreate: resourceScreen('broker-contracts', SETTINGS_RESOURCES, { mode: 'create' }),
  contractEdit: resourceScreen('broker-contracts', SETTINGS_RESOURCES, { mode: 'edit' }),
};

export type BrokerPage = keyof typeof brokerPages;
