import type { DomainServer } from '@propdesk/records/server';
import { SETTINGS_RESOURCES } from '../model/index.js';
import { roleHooks, userHooks } from './people.js';
import { usersRowScope } from './apiKeys.js';
import { dataMigrations, migrations, settingsPlugin } from './plugin.js';

export { dataMigrations, migrations, settingsPlugin } from './plugin.js';
export { settingsDemoData, UNIT_STATUS_ROWS } from './demo.js';
export { DEMO_COMPANY, seedCompanyDemo } from './companyDemo.js';
export { checkLogo } from './company.js';
export type { SettingsServerOptions } from './plugin.js';
export { endUserSessions, roleHooks, userHooks } from './people.js';
export type { AuthChangeAnnouncer } from './people.js';

/**
 * The settings domain on the server: the reference data, roles and users (their passwords and
 * privilege matrices as hooks), the unit tools and a user's password reset.
 */
export const settingsDomain: DomainServer = {
  id: 'settings',
  resources: SETTINGS_RESOURCES,
  migrations,
  lateMigrations: dataMigrations,
  hooks: ({ argon2, announceAuthChange }) => ({
    users: userHooks({ argon2, announce: announceAuthChange }),
    roles: roleHooks({ announce: announceAuthChange }),
  }),
  // The service users of API keys stay out of the users list and pickers.
  rowScope: usersRowScope,
  routes: async (app, { engine, argon2 }) => {
    await app.register(settingsPlugin, { engine, argon2 });
  },
};
