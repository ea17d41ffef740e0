export { notificationsPlugin } from './plugin.js';
export type { NotificationsPluginOptions } from './plugin.js';
export { migrations } from './schema.js';
export { notify, NOTIFICATION_CHANNEL, SESSION_CHANNEL, LIST_LIMIT } from './store.js';
export type { NotifyInput, NotifyTarget } from './store.js';
export type { NoticeBody, NoticeText } from './texts.js';
export { formatChanges, formatMessage, formatPosition } from './stream.js';
export { RECORD_CHANGES_CHANNEL, publishRecordChanges } from './changes.js';
