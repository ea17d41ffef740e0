import { defineDocument } from '@propdesk/records/model';
import { collectionsLinks } from './links.js';

/** The collections dashboard (a screen over contracts and cheques: no definitions): the folder's face (issue 30). */
export const collectionsDocument = defineDocument({
  folder: 'collections',
  definitions: [],
  links: collectionsLinks,
});
