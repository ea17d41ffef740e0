export { dataMigrations, migrations, settingsPlugin } from './plugin.js';
export { settingsDemoData, UNIT_STATUS_ROWS } from './demo.js';
export type { SettingsServerOptions } from './plugin.js';
export { endUserSessions, roleHooks, userHooks } from './people.js';
export type { AuthChangeAnnouncer } from './people.js';
