export { notificationsPlugin } from './plugin.js';
export type { NotificationsPluginOptions } from './plugin.js';
export { migrations } from './schema.js';
export { notify, NOTIFICATION_CHANNEL, SESSION_CHANNEL, LIST_LIMIT } from './store.js';
export type { NotifyInput, NotifyTarget } from './store.js';
export { formatMessage, formatPosition } from './stream.js';
