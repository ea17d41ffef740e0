import { resourceScreen } from '@propdesk/records/web';
import { SALES_RESOURCES } from '../../model/definitions.js';

/** The customer screens: the engine's list and create form. */
export const customerPages = {
  list: resourceScreen('customers', SALES_RESOURCES),
  create: resourceScreen('customers', SALES_RESOURCES, { mode: 'create' }),
};

export type CustomerPage = keyof typeof customerPages;
