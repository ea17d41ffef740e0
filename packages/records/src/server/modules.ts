import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JobDefinition, Migration } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../model/index.js';
import { domainDemo, type DemoSeed } from './demos.js';
import type { DomainContext, DomainServer, RowScope } from './domain.js';
import type { ResourceHooks, Rollup } from './lifecycle.js';
import type { Printer } from './plugin.js';

type HookMap = Readonly<Record<string, ResourceHooks | readonly ResourceHooks[]>>;

/**
 * What one resource folder brings to its domain on the server (`<folder>/module.server.ts`): its
 * definitions, the hooks it subscribes (on its own resources or on others': a receipt's folder
 * subscribes to cheques), its actions' side effects, its tables beyond the engine's, its calls, its
 * timed work and its printable documents. A domain's manifest lists its folders' modules, one line
 * each, and `composeDomain` makes the domain out of them; nothing else names the folder.
 */
export type ResourceModule = {
  /** The folder's name, for error messages (`hold-requests`). */
  id: string;
  /** The definitions the folder owns (usually one; a document and its lines or setups may share a folder). */
  resources?: readonly ResourceDef[];
  /** Tables the resource tables refer to (run before them). */
  migrations?: readonly Migration[];
  /** Tables, indexes and data that refer to the resource tables (run after them). */
  lateMigrations?: readonly Migration[];
  hooks?: (context: DomainContext) => HookMap;
  rollups?: readonly Rollup[];
  printers?: Readonly<Record<string, Printer>>;
  routes?: (app: FastifyInstance, context: DomainContext) => void | Promise<void>;
  jobs?: (context: DomainContext) => readonly JobDefinition[];
  /** Its demo data and the demos it runs after (the app orders every domain's demos by these). */
  demo?: DemoSeed;
};

/** A folder's module, typed (an identity: it lets the folder's file read as a declaration). */
export function resourceModule(module: ResourceModule): ResourceModule {
  return module;
}

/** The domain-wide parts that belong to no one folder. */
export type DomainManifest = {
  id: string;
  /** The folders' modules, in the order their tables and routes are set up. */
  modules: readonly ResourceModule[];
  rowScope?: RowScope;
  /**
   * The domain's definitions as its `/model` lists them for the browser. When given, the modules must
   * own exactly these (a folder left out of the manifest, or a definition no folder owns, fails at start).
   */
  expect?: readonly ResourceDef[];
};

/**
 * One domain out of its folders' modules: definitions and migrations in the modules' order, every
 * module's hooks kept (several subscribers per resource, in order, never one replacing another),
 * roll-ups, printers (a resource printed twice is refused), routes, jobs and demos.
 */
export function composeDomain({ id, modules, rowScope, expect }: DomainManifest): DomainServer {
  const ids = new Set<string>();
  for (const module of modules) {
    if (ids.has(module.id)) throw new Error(`${id}: module ${module.id} is listed twice`);
    ids.add(module.id);
  }
  const resources = modules.flatMap((module) => module.resources ?? []);
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const def of module.resources ?? []) {
      const before = owner.get(def.name);
      if (before) throw new Error(`${id}: ${def.name} is owned by ${before} and ${module.id}`);
      owner.set(def.name, module.id);
    }
  }
  if (expect) {
    const missing = expect.filter((def) => !owner.has(def.name)).map((def) => def.name);
    const extra = resources.filter((def) => !expect.some((other) => other.name === def.name)).map((def) => def.name);
    if (missing.length > 0) throw new Error(`${id}: no module owns ${missing.join(', ')}`);
    if (extra.length > 0) throw new Error(`${id}: ${extra.join(', ')} ${extra.length === 1 ? 'is' : 'are'} not in the domain's model`);
  }
  const printers: Record<string, Printer> = {};
  for (const module of modules) {
    for (const [resource, printer] of Object.entries(module.printers ?? {})) {
      if (printers[resource]) throw new Error(`${id}: two modules print ${resource}`);
      printers[resource] = printer;
    }
  }
  return {
    id,
    // The model's order when given (the engine creates tables in it), else the modules'.
    resources: expect ?? resources,
    migrations: modules.flatMap((module) => module.migrations ?? []),
    lateMigrations: modules.flatMap((module) => module.lateMigrations ?? []),
    rollups: modules.flatMap((module) => module.rollups ?? []),
    rowScope,
    printers,
    hooks: (context) => mergeHooks(modules.map((module) => module.hooks?.(context) ?? {})),
    routes: async (app, context) => {
      for (const module of modules) await module.routes?.(app, context);
    },
    jobs: (context) => modules.flatMap((module) => module.jobs?.(context) ?? []),
    demos: modules.flatMap((module) => (module.demo ? [domainDemo(id, module.id, module.demo)] : [])),
  };
}

/** Where a domain's folders are: the URL of a folder's `module.server.js` (the domain's own `import.meta.url` resolves it). */
export type FolderLocator = (folder: string) => URL;

/** Whether a module file is there: the built `.js`, or its `.ts` source when tests run from source. */
const moduleFileExists = (url: URL) => {
  const file = fileURLToPath(url);
  return existsSync(file) || existsSync(file.replace(/\.js$/, '.ts'));
};

/**
 * A domain's folders as modules: for each folder of its manifest (name → the definitions it owns),
 * the folder's `module.server.ts`, given the manifest's definitions. A folder of definitions alone has
 * no module file and needs none; a module that names another folder or lists definitions of its own is
 * an error, and so is one that fails to load.
 */
export async function folderModules(
  domain: string,
  folders: Readonly<Record<string, readonly ResourceDef[]>>,
  locate: FolderLocator,
  io: { exists?: (url: URL) => boolean; load?: (url: URL) => Promise<{ default: ResourceModule }> } = {},
): Promise<ResourceModule[]> {
  const exists = io.exists ?? moduleFileExists;
  const load = io.load ?? ((url: URL) => import(/* @vite-ignore */ url.href) as Promise<{ default: ResourceModule }>);
  return Promise.all(
    Object.entries(folders).map(async ([folder, resources]) => {
      const url = locate(folder);
      const module = exists(url) ? (await load(url)).default : undefined;
      if (module && module.id !== folder) throw new Error(`${domain}: the module of ${folder} calls itself ${module.id}`);
      if (module?.resources) throw new Error(`${domain}: ${folder}'s definitions belong in the manifest, not in its module`);
      return { ...module, id: folder, resources };
    }),
  );
}

/** Hook maps as one: every subscriber of every map kept, in order. */
export function mergeHooks(maps: readonly HookMap[]): Record<string, readonly ResourceHooks[]> {
  const merged: Record<string, ResourceHooks[]> = {};
  for (const map of maps) {
    for (const [resource, hooks] of Object.entries(map)) {
      (merged[resource] ??= []).push(...(Array.isArray(hooks) ? (hooks as readonly ResourceHooks[]) : [hooks as ResourceHooks]));
    }
  }
  return merged;
}
