import { f, type FieldError, type ResourceDef } from '@propdesk/records/model';
import { MESSAGE_LANGUAGES, MESSAGE_TEMPLATES, TEMPLATE_PLACEHOLDERS, unknownPlaceholders, type MessageTemplate } from './templates.js';

/** The privilege entity of customer messages (`/api/messages`): reminding a band of customers also needs its create. */
export const MESSAGE_ENTITY = 'customerMessage';

/**
 * A project's wording of one customer message in one language (issue 28): any of subject, body
 * and SMS text, replacing what Propdesk ships (`DEFAULT_WORDING`); an empty part keeps the shipped
 * one. A placeholder the template does not know is refused on save, naming it.
 */
export const messageTemplates: ResourceDef = {
  name: 'message-templates',
  table: 'message_templates',
  label: 'Message Templates',
  singular: 'Message template',
  entity: 'messageTemplate',
  labelField: 'name',
  route: '/sales/contracts/messages/templates',
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { required: true, indexed: true }),
    template: f.enum('Template', MESSAGE_TEMPLATES, { required: true, unique: ['project', 'language'] }),
    language: f.enum('Language', MESSAGE_LANGUAGES, { required: true }),
    subject: f.text('E-mail subject', { maxLength: 200, help: 'Empty: the shipped subject. Placeholders are names in double braces, such as customer and amount (see the preview).' }),
    body: f.longtext('E-mail body', { help: 'Empty: the shipped body. A blank line starts a new paragraph.' }),
    sms: f.text('SMS text', { maxLength: 480, help: 'Empty: the shipped SMS text.' }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'template', 'language', 'subject'],
  formLayout: [['name'], ['project', 'template', 'language'], ['subject'], ['body'], ['sms']],
  rule: (values) => {
    const problems: FieldError[] = [];
    const template = values.template as MessageTemplate | undefined;
    if (!template || !MESSAGE_TEMPLATES.includes(template)) return problems;
    for (const field of ['subject', 'body', 'sms'] as const) {
      const text = values[field];
      if (typeof text !== 'string') continue;
      const unknown = unknownPlaceholders(template, text);
      if (unknown.length > 0) {
        problems.push({
          field,
          message: `Unknown placeholder ${unknown.map((name) => `{{${name}}}`).join(', ')}; ${template} knows ${TEMPLATE_PLACEHOLDERS[template].map((name) => `{{${name}}}`).join(', ')}`,
        });
      }
    }
    return problems;
  },
};
