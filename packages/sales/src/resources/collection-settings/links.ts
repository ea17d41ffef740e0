import { linksOf } from '@propdesk/records/model';
import { collectionSettings } from './definition.js';

/** Each project's collection settings (`/sales/contracts/collections/settings`). */
export const collectionSettingLinks = linksOf(collectionSettings);
