import { linksOf } from '@propdesk/records/model';
import { eoiSetups } from './definition.js';

/** EOI setups (`/sales/eoi/setup`): a setup's view, the create form. */
export const eoiSetupLinks = linksOf(eoiSetups);
