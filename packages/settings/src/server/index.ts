import { domainDemo, type DomainServer } from '@propdesk/records/server';
import { SETTINGS_INTERNAL_RESOURCES, SETTINGS_RESOURCES } from '../model/index.js';
import { roleHooks, userHooks } from './people.js';
import { usersRowScope } from './apiKeys.js';
import { seedCompanyDemo } from './companyDemo.js';
import { dataMigrations, migrations, settingsPlugin } from './plugin.js';
import { registerWebhookRoutes, webhookChangeObserver, webhookEventHooks, webhookHooks, webhookJobs, webhookMigrations } from './webhooks/index.js';

export { dataMigrations, migrations, settingsPlugin } from './plugin.js';
export { settingsDemoData, UNIT_STATUS_ROWS } from './demo.js';
export { DEMO_COMPANY, seedCompanyDemo } from './companyDemo.js';
export { checkLogo } from './company.js';
export type { SettingsServerOptions } from './plugin.js';
export { endUserSessions, roleHooks, userHooks } from './people.js';
export type { AuthChangeAnnouncer } from './people.js';
export {
  WEBHOOK_JOB,
  WEBHOOK_OUTBOX_KIND,
  addressRefusal,
  checkWebhookUrl,
  deliverWebhooks,
  deliveryBody,
  postDelivery,
  signBody,
  webhookSender,
} from './webhooks/index.js';
export type { WebhookDelivery } from './webhooks/index.js';

/**
 * The settings domain on the server: the reference data, roles and users (their passwords and
 * privilege matrices as hooks), the unit tools and a user's password reset.
 */
export const settingsDomain: DomainServer = {
  id: 'settings',
  // The internal children (a role's grants, a user's roles) are engine tables with no calls of their own.
  resources: [...SETTINGS_RESOURCES, ...SETTINGS_INTERNAL_RESOURCES],
  migrations,
  lateMigrations: [...dataMigrations, ...webhookMigrations],
  hooks: (context) => ({
    users: userHooks({ engine: context.engine, argon2: context.argon2, announce: context.announceAuthChange }),
    roles: roleHooks({ engine: context.engine, announce: context.announceAuthChange }),
    // Signed webhooks (issue 27): the webhook's own hooks, and the state changes other domains' resources raise as events.
    webhooks: webhookHooks(),
    ...webhookEventHooks(context),
  }),
  // The service users of API keys stay out of the users list and pickers.
  rowScope: usersRowScope,
  observeChanges: webhookChangeObserver,
  jobs: webhookJobs,
  routes: async (app, context) => {
    await app.register(settingsPlugin, { engine: context.engine, argon2: context.argon2 });
    registerWebhookRoutes(app, context);
  },
  // The seller company every print names, with its logo (settings has no folders: its one demo is named here).
  demos: [domainDemo('settings', 'company', { run: (engine) => seedCompanyDemo(engine).then(() => null) })],
};
