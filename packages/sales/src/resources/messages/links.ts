import { linksOf, screenLinks } from '@propdesk/records/model';
import { messageTemplates } from './definition.js';

/** The customer messages page (`/sales/contracts/messages`) and its templates (`/sales/contracts/messages/templates`). */
export const messagesLinks = screenLinks('/sales/contracts/messages');
export const messageTemplateLinks = linksOf(messageTemplates);
