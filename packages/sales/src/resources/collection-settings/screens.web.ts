import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * Not a spec route: each project's collection settings (bounce charge, reminder days), beside the
 * collections dashboard in the Contracts group as the reservation setups are beside the reservations
 * (guarded and shown for collectionSetting read).
 */
export const collectionSettingScreens: SalesScreens = [{ section: 'contracts', items: [resource('collection-settings')] }];
