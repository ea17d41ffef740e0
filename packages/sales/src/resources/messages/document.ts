import { CRUD_ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { messageTemplates } from './definition.js';
import { messageTemplateLinks } from './links.js';

/** Customer messages and their templates: the folder's face (issue 30). */
export const messageDocument = defineDocument({
  folder: 'messages',
  definitions: [messageTemplates],
  links: messageTemplateLinks,
  entities: [
    // Not named by the spec: customer messages (issue 28): read the outbox, create (send by hand), update (retry a failed one).
    { name: 'customerMessage', label: 'Customer messages', group: 'sales', order: 150, actions: ['read', 'create', 'update'] },
    // Each project's wording of customer messages (issue 28).
    { name: 'messageTemplate', label: 'Message templates', group: 'settings-leads', order: 240, actions: CRUD_ACTIONS },
  ],
});
