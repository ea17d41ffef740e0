import closeWithGrace from 'close-with-grace';
import { DEMO_USERS } from '@propdesk/privileges';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { startServer } from './app.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

let started: Awaited<ReturnType<typeof startServer>>;
try {
  started = await startServer(config);
} catch (error) {
  process.stderr.write(`Propdesk could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const { app, url, demoSeeded } = started;

closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

process.stdout.write(`Propdesk is ready at ${url}\n`);
if (demoSeeded) {
  process.stdout.write(`Demo users: ${DEMO_USERS.map((user) => user.username).join(', ')} (the password is in the README).\n`);
}
