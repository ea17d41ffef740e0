import { ACTIONS, CRUD_ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { holdRequestSetups } from '../../model/definitions.js';
import { HOLD_STATES, holdRequests } from './definition.js';
import { holdLinks } from './links.js';

/** Hold requests and each project’s hold rules: the folder's face (issue 30). */
export const holdRequestDocument = defineDocument({
  folder: 'hold-requests',
  definitions: [holdRequestSetups, holdRequests],
  states: HOLD_STATES,
  links: holdLinks,
  entities: [
    // Not named by the spec: hold requests (issue 17), approved by the project's approvers.
    { name: 'holdRequest', label: 'Hold requests', group: 'sales', order: 70, actions: ACTIONS },
    { name: 'holdrequestsetup', label: 'Hold request setup', group: 'settings-leads', order: 210, actions: CRUD_ACTIONS },
  ],
});
