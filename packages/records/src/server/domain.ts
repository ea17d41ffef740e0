import type { JobDefinition, LocalText, Migration, Queryable, RequestAuth } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { ResourceDef } from '../model/index.js';
import type { ChangeObserver } from './changes.js';
import type { DomainDemo } from './demos.js';
import type { ResourceHooks, Rollup } from './lifecycle.js';
import type { Printer } from './plugin.js';
import type { EngineContext } from './records.js';

/**
 * A notification raised inside the writing transaction (notifications-core's `notify`). Title and
 * body are typed text or catalog keys (`text(catalog, key, params)`): keyed ones reach each reader in
 * their language; several keys make a body joined by `; `.
 */
export type DomainNotify = (
  tx: Queryable,
  input: ({ userId: string; departmentId?: undefined } | { departmentId: string; userId?: undefined }) & {
    title: string | LocalText;
    body?: string | LocalText | readonly LocalText[] | null;
    link?: string | null;
    category?: string;
    createdBy?: string | null;
  },
) => Promise<unknown>;

/** A change of who may do what (a user's roles, a role's privileges, a deactivation), for the session cache. */
export type AuthChangeAnnouncer = (tx: Queryable, change: { userIds?: readonly string[]; roleIds?: readonly string[] }) => Promise<void>;

/** What the app gives every domain when it composes them. */
export type DomainContext = {
  /** The one engine of the app: every write of every domain goes through it. */
  engine: EngineContext;
  notify: DomainNotify;
  /** Password hashing strength (users' first passwords). */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  announceAuthChange: AuthChangeAnnouncer;
};

/** A row filter for the reads of a resource (null: no filter). */
export type RowScope = (def: ResourceDef, auth: RequestAuth | null) => RawBuilder<unknown> | null;

/**
 * Everything a domain brings to the server, in one object (its `/server` entry exports it): its
 * resources and their lifecycle, its tables, its routes beyond the engine's and its printable
 * documents. `apps/server` lists domains; it knows nothing of their resources.
 */
export type DomainServer = {
  id: string;
  /** The domain's resource definitions (its `/model`). */
  resources: readonly ResourceDef[];
  /** Tables of the domain's own that the resource tables may refer to (run before them). */
  migrations?: readonly Migration[];
  /** Tables and data that refer to the resource tables (run after them). */
  lateMigrations?: readonly Migration[];
  /** Hooks by resource name; several domains may add hooks to one resource. */
  hooks?: (context: DomainContext) => Readonly<Record<string, ResourceHooks | readonly ResourceHooks[]>>;
  /** Values the engine keeps from other records. */
  rollups?: readonly Rollup[];
  /** Which rows of its resources a caller may read (combined with the other domains'). */
  rowScope?: RowScope;
  /** Printable documents by resource name (`GET /api/{resource}/{id}/print`). */
  printers?: Readonly<Record<string, Printer>>;
  /** Calls beyond the engine's generated ones. */
  routes?: (app: FastifyInstance, context: DomainContext) => void | Promise<void>;
  /** Told of every engine write inside its transaction (`EngineContext.observeChanges`; webhook events). */
  observeChanges?: (context: DomainContext) => ChangeObserver;
  /** Timed work, run by the app's one job runner (once across processes, caught up after downtime). */
  jobs?: (context: DomainContext) => readonly JobDefinition[];
  /** Its demo data, named `domain/folder`; the app runs every domain's in `demoOrder`. */
  demos?: readonly DomainDemo[];
};

/** The row scopes of several domains as one: each resource's filters, all of them applying. */
export function combineRowScopes(scopes: readonly (RowScope | undefined)[]): RowScope | undefined {
  const list = scopes.filter((scope): scope is RowScope => scope !== undefined);
  if (list.length <= 1) return list[0];
  return (def, auth) => {
    const parts = list.map((scope) => scope(def, auth)).filter((part): part is RawBuilder<unknown> => part !== null);
    if (parts.length === 0) return null;
    return parts.reduce((all, part) => sqlAnd(all, part));
  };
}

const sqlAnd = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) => sql`(${a}) and (${b})`;
