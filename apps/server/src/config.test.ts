import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({}, '/srv/propdesk');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: join('/srv/propdesk', 'data'),
      demo: true,
      demoPassword: 'Propdesk#2026',
      accessTtlSeconds: 900,
      refreshTtlSeconds: 604_800,
      logLevel: 'info',
      requestLogSample: 10,
      trustProxy: false,
      argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    });
    expect(config.webDir).toMatch(/web[\\/]dist$/);
  });

  it('seeds PostgreSQL only with PROPDESK_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/propdesk' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/propdesk', PROPDESK_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ PROPDESK_DEMO: '0' }).demo).toBe(false);
  });

  it('parses numbers, trust proxy and the web folder', () => {
    const config = loadConfig({ PORT: '8080', PROPDESK_TRUST_PROXY: '2', PROPDESK_WEB_DIR: 'public', PROPDESK_ACCESS_TTL_SECONDS: '60' }, '/x');
    expect(config.port).toBe(8080);
    expect(config.trustProxy).toBe(2);
    expect(config.webDir).toBe(join('/x', 'public'));
    expect(config.accessTtlSeconds).toBe(60);
    expect(loadConfig({ PROPDESK_REQUEST_LOG_SAMPLE: '1' }).requestLogSample).toBe(1);
    expect(loadConfig({ PROPDESK_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('runs every job in the server unless PROPDESK_JOBS=off leaves them to a worker; another value is refused', () => {
    expect(loadConfig({}).jobs).toBe('all');
    expect(loadConfig({ PROPDESK_JOBS: '' }).jobs).toBe('all');
    expect(loadConfig({ PROPDESK_JOBS: 'all' }).jobs).toBe('all');
    expect(loadConfig({ PROPDESK_JOBS: 'off', DATABASE_URL: 'postgres://db/propdesk' }).jobs).toBe('off');
    // On the embedded database no worker can run beside the server: nothing would ever send.
    expect(() => loadConfig({ PROPDESK_JOBS: 'off' })).toThrow(/PROPDESK_JOBS: off needs PostgreSQL \(DATABASE_URL\)/);
    for (const bad of ['none', 'OFF', 'worker', '0']) {
      expect(() => loadConfig({ PROPDESK_JOBS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PROPDESK_JOBS: bad })).toThrow(/PROPDESK_JOBS: must be all \(this process runs the jobs\) or off/);
    }
  });

  it('names every bad variable in one ConfigError', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PROPDESK_SECRET: 'short', LOG_LEVEL: 'loud', PROPDESK_REQUEST_LOG_SAMPLE: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'PROPDESK_SECRET', 'LOG_LEVEL', 'PROPDESK_REQUEST_LOG_SAMPLE']) expect(message).toContain(name);
    }
  });
});
