export { messageMigrations, queueMessages, readMessages, MESSAGE_OUTBOX_KIND, type MessageView, type NewMessage } from './store.server.js';
export { messageSender, renderMessage, type MessageDelivery } from './send.server.js';
export { deliverMessages, lazyMessageSender, messageDelivery, resetMessageDelivery, setMessageClock, MESSAGE_JOB, REMINDER_JOB } from './runtime.server.js';
export { queueReminders, queueByHand, messageEventHooks, messagesFor, refuseSmsWhenOff, skipReason, type CustomerFacts } from './queue.server.js';
export { cairoDay, fileMailer, httpSmsProvider, messageConfigFromEnv, readUnsubscribeToken, smsQuietUntil, smtpMailer, unsubscribeToken, type Mailer, type SmsProvider } from './transport.server.js';
export { MESSAGE_ENTITY } from './definition.js';
export { MESSAGE_LANGUAGES, MESSAGE_TEMPLATES, type MessageLanguage, type MessageTemplate } from './templates.js';
