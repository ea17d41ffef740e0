import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerMeRoutes, registerPasswordRoute, registerSessionRevokeRoute } from './accountRoutes.js';
import { createAuthContext, type AuthSessionOptions } from './authContext.js';
import { createSessionCache, type SessionCache } from './cache.js';
import { registerCallerHook, registerCsrfHook } from './callerHooks.js';
import { deriveKeys, loadSecret } from './crypto.js';
import { registerSessionRoutes, registerSignInRoutes } from './sessionRoutes.js';

export type { AuthSessionOptions } from './authContext.js';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The session cache (issue 7); code that changes sessions, users or roles may invalidate early. */
    sessionCache: SessionCache;
  }
}

const plugin: FastifyPluginAsync<AuthSessionOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keys = deriveKeys(await loadSecret(options.db, options.secret));

  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  app.decorateRequest('auth', null);
  const cache = createSessionCache(options.db);
  await cache.start();
  app.decorate('sessionCache', cache);
  app.addHook('onClose', async () => cache.stop());

  const ctx = createAuthContext(options, keys, cache);
  // The caller is known before the CSRF check, which accepts only a token bound to its session.
  registerCallerHook(app, ctx);
  registerCsrfHook(app, ctx);
  registerSignInRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerMeRoutes(app, ctx);
  registerPasswordRoute(app, ctx);
  registerSessionRevokeRoute(app, ctx);
};


/**
 * Sessions, CSRF and the fixed /api/users calls. Registers `request.auth` for the whole app
 * (wrapped with fastify-plugin). Needs the zod validator and serializer compilers on the app.
 */
export const authSessionPlugin = fp(plugin, { name: '@propdesk/auth-session', fastify: '5.x' });
