import { CRUD_ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { collectionSettings } from './definition.js';
import { collectionSettingLinks } from './links.js';

/** Each project’s collection settings: the folder's face (issue 30). */
export const collectionSettingDocument = defineDocument({
  folder: 'collection-settings',
  definitions: [collectionSettings],
  links: collectionSettingLinks,
  entities: [
    // Each project's collection settings (issue 25): the bounce charge and how many days before its due date a customer is reminded.
    { name: 'collectionSetting', label: 'Collection settings', group: 'settings-leads', order: 230, actions: CRUD_ACTIONS },
  ],
});
