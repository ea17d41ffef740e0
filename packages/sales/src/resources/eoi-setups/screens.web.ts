import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';

const resource = declareResources(SALES_RESOURCES);

/** The EOI launches (`eoi-setups`), engine screens in the EOI group, with no guard as the spec shows them. */
export const eoiSetupScreens: SalesScreens = [
  {
    section: 'eoi',
    items: [
      resource('eoi-setups', { guard: null, title: 'EOI Setup', visible: sidebarRules.eoiSetupList, aliases: ['/sales/eoi/setup/view'] }),
      // The amounts per unit type are a section of the launch's form: /create/amount is the same form.
      resource('eoi-setups', { guard: null, mode: 'create', title: 'Create EOI Setup', visible: sidebarRules.eoiSetupCreate, aliases: ['/sales/eoi/setup/create/amount'] }),
    ],
  },
];
