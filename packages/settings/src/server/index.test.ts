import type { Database } from '@propdesk/server-kit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { settingsPlugin, migrations } from './index.js';

describe('settings server plugin', () => {
  it('registers on a Fastify app and exports its migrations', async () => {
    // The plugin has no routes yet, so it never touches the database; the server tests run it on real ones.
    const db = {} as Database;
    const app = Fastify();
    await app.register(settingsPlugin, { db });
    await app.ready();
    expect(Array.isArray(migrations)).toBe(true);
    await app.close();
  });
});
