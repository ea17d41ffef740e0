import { declareResources } from '@propdesk/records/web';
import { lazy } from 'react';
import { customScreen } from '@propdesk/shell-ui';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { withSalesWords } from '../../web/i18n/preload.js';
import { messagesLinks } from './links.js';

const resource = declareResources(SALES_RESOURCES);

/** Not in the spec: customer messages (issue 28) and each project's wording of them, in the Contracts group. */
export const messageScreens: SalesScreens = [
  {
    section: 'contracts',
    items: [
      customScreen(messagesLinks.route, 'Messages', () => withSalesWords(import('./MessagesPage.web.js')).then((m) => m.MessagesPage), { guard: { entity: 'customerMessage', action: 'read' } }),
      resource('message-templates'),
    ],
  },
];

/**
 * A customer's messages, for the panels under a customer's view (the collections folder puts them there):
 * loaded with the view, not with the sidebar; render it inside a `Suspense`.
 */
export const CustomerMessagesPanel = lazy(async () => ({ default: (await withSalesWords(import('./CustomerMessages.web.js'))).CustomerMessages }));
