import { linksOf, withQuery } from '@propdesk/records/model';
import { brokers } from './definitions/brokers.js';
import { roles } from './definitions/people.js';
import { webhooks } from './definitions/webhooks.js';

/**
 * The settings screens other code links to (issue 30), from their definitions' routes. The reference-data
 * screens are each a definition's `route` and its engine screen; only the links used elsewhere are here.
 */
export const brokerLinks = linksOf(brokers);
/** Roles: the spec's separate create and edit routes (`/settings/CreateRole`, `/settings/editRole?record=`). */
export const ROLE_CREATE_ROUTE = '/settings/CreateRole';
export const ROLE_EDIT_ROUTE = '/settings/editRole';
export const roleLinks = linksOf(roles, ROLE_CREATE_ROUTE);
/** Webhooks (`/settings/webhooks`); a failed delivery's notification opens the webhook by `?id=`. */
export const webhookLinks = linksOf(webhooks);
export const webhookLink = (id: string) => withQuery(webhookLinks.route, { id });
