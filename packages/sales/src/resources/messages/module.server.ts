import { resourceModule } from '@propdesk/records/server';
import { messageEventHooks } from './queue.server.js';
import { registerMessageRoutes } from './routes.server.js';
import { messageJobs } from './runtime.server.js';
import { messageMigrations } from './store.server.js';

/**
 * Customer messages (issue 28): the outbox of e-mails and SMS to customers (server-kit's outbox,
 * kind `message`), written with the receipt, bounce or confirmation that causes them and by the
 * daily reminders; per-project wording (`message-templates`); the list, by-hand sending, retry and
 * the public unsubscribe link.
 */
export default resourceModule({
  id: 'messages',
  lateMigrations: messageMigrations,
  hooks: () => messageEventHooks(),
  routes: (app, { engine }) => registerMessageRoutes(app, engine),
  jobs: ({ engine }) => messageJobs(engine.db),
});
