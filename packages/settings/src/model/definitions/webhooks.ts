import { f, type FieldError, type ResourceDef } from '@propdesk/records/model';

/** What a webhook may subscribe to (issue 27): each is sent when its change commits. */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.assigned',
  'hold.approved',
  'reservation.confirmed',
  'contract.signed',
  'receipt.issued',
  'cheque.bounced',
  'commission.approved',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A webhook's secret: at least this long (it signs every delivery). */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

const known = new Set<string>(WEBHOOK_EVENTS);

/**
 * Signed webhooks (issue 27): a URL outside Propdesk told of the events it subscribes to, each
 * delivery signed with the webhook's secret (HMAC-SHA256). The secret is not a field: it is written
 * on create (and on update when given) by the server's hooks and never read back (the answer shows
 * `secretHint`, its last four characters).
 */
export const webhooks: ResourceDef = {
  name: 'webhooks',
  table: 'webhooks',
  label: 'Webhooks',
  singular: 'Webhook',
  entity: 'webhook',
  route: '/settings/webhooks',
  fields: {
    name: f.name('Name', { help: 'What receives it, e.g. "Accounting".' }),
    url: f.text('URL', { required: true, maxLength: 2000, help: 'http(s) address the events are POSTed to; never a private or link-local address.' }),
    events: f.json('Events', { required: true, sortable: false, filterable: false, help: `One or more of ${WEBHOOK_EVENTS.join(', ')}.` }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'url', 'events', 'active'],
  // The events are check boxes and the secret a password input: the settings screen's form extension.
  formLayout: [['name'], ['url']],
  rule: (values) => {
    const problems: FieldError[] = [];
    const events = values.events;
    if (events !== undefined && events !== null) {
      if (!Array.isArray(events) || events.length === 0) problems.push({ field: 'events', message: 'Choose one or more events' });
      else {
        const unknown = events.filter((event) => typeof event !== 'string' || !known.has(event));
        if (unknown.length > 0) problems.push({ field: 'events', message: `Unknown event ${JSON.stringify(unknown[0])}; one of ${WEBHOOK_EVENTS.join(', ')}` });
        else if (new Set(events).size !== events.length) problems.push({ field: 'events', message: 'An event is named twice' });
      }
    }
    return problems;
  },
};
