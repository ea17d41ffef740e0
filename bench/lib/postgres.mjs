// A throw-away PostgreSQL database for one benchmark run, dropped afterwards.

/**
 * Creates a database next to `adminUrl`'s (a copy of `template` when given); `drop()` removes it (connections
 * forced off) and closes the admin connection; `keep()` only closes that connection.
 */
export async function scratchDatabase(adminUrl, prefix = 'propdesk_bench', template) {
  const { openDatabase } = await import('@propdesk/server-kit');
  const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
  const name = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  try {
    await admin.exec(`create database ${name}${template ? ` template ${template}` : ''}`);
  } catch (error) {
    await admin.close().catch(() => undefined);
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.exec(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.close();
      }
    },
    keep: () => admin.close(),
  };
}

/** Runs `fn(url)` on a scratch database and drops it whatever happens. */
export async function withScratchDatabase(adminUrl, fn, prefix) {
  const database = await scratchDatabase(adminUrl, prefix);
  try {
    return await fn(database.url);
  } finally {
    await database.drop();
  }
}
