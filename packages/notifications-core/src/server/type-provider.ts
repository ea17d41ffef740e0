import type { FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/**
 * The zod type provider's typing (fastify-type-provider-zod), declared here so this package
 * needs no runtime dependency on it: the app sets the zod validator and serializer compilers.
 */
// A type provider must be an interface (it refers to `this`).
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}
