import { defineDocument } from '@propdesk/records/model';

/** Who holds each unit (a service of the other documents: no definitions, no screen): the folder's face (issue 30). */
export const unitClaimDocument = defineDocument({
  folder: 'unit-claims',
  definitions: [],
});
