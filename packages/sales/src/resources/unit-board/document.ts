import { defineDocument } from '@propdesk/records/model';
import { unitBoardLinks } from './links.js';

/** The unit board and the sales dashboard (screens over units: no definitions): the folder's face (issue 30). */
export const unitBoardDocument = defineDocument({
  folder: 'unit-board',
  definitions: [],
  links: unitBoardLinks,
});
