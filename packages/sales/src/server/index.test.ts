import type { Database } from '@propdesk/server-kit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { salesPlugin, migrations } from './index.js';

describe('sales server plugin', () => {
  it('registers on a Fastify app and exports its migrations', async () => {
    // The plugin has no routes yet, so it never touches the database; the server tests run it on real ones.
    const db = {} as Database;
    const app = Fastify();
    await app.register(salesPlugin, { db });
    await app.ready();
    expect(Array.isArray(migrations)).toBe(true);
    await app.close();
  });
});
