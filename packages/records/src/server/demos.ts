import type { EngineContext } from './records.js';

/**
 * A folder's demo data (issue 30), declared by its module (`resourceModule({ demo: { after, run } })`):
 * what it seeds, after which other demos. `run` seeds once across processes (it claims its own
 * `app_state` key) and answers a line for the log when it has something to say (else null).
 */
export type DemoSeed = {
  /** Demos that run first: a folder of the same domain (`contracts`) or of another (`settings/company`). */
  after?: readonly string[];
  run: (engine: EngineContext) => Promise<string | null>;
};

/** A demo as its domain offers it: named `domain/folder`, its `after` names in the same form. */
export type DomainDemo = {
  readonly id: string;
  readonly after: readonly string[];
  readonly run: DemoSeed['run'];
};

/** A module's demo named within its domain: `after` names without a domain are the domain's own folders. */
export function domainDemo(domain: string, folder: string, demo: DemoSeed): DomainDemo {
  return { id: `${domain}/${folder}`, after: (demo.after ?? []).map((name) => (name.includes('/') ? name : `${domain}/${name}`)), run: demo.run };
}

/** The cycle among the waiting demos, as `a → b → a` (each waits on the next). */
function cycleOf(waiting: ReadonlyMap<string, DomainDemo>): string {
  const start = [...waiting.keys()][0]!;
  const path: string[] = [];
  let at: string | undefined = start;
  while (at !== undefined && !path.includes(at)) {
    path.push(at);
    at = waiting.get(at)!.after.find((name) => waiting.has(name));
  }
  const loop = path.slice(path.indexOf(at!));
  return [...loop, at!].join(' → ');
}

/**
 * The order the demos run in: each after every demo its `after` names, and otherwise in the order the
 * domains and their modules are listed (a stable topological order). A name no domain seeds, a demo
 * named twice or demos that wait on each other fail here, when the server starts, not half way
 * through seeding.
 */
export function demoOrder(domains: readonly { readonly id: string; readonly demos?: readonly DomainDemo[] }[]): DomainDemo[] {
  const listed = domains.flatMap((domain) => domain.demos ?? []);
  const byId = new Map<string, DomainDemo>();
  for (const demo of listed) {
    if (byId.has(demo.id)) throw new Error(`Demo seed ${demo.id} is declared twice`);
    byId.set(demo.id, demo);
  }
  for (const demo of listed) {
    const unknown = demo.after.find((name) => !byId.has(name));
    if (unknown) throw new Error(`Demo seed ${demo.id} runs after ${unknown}, which no domain seeds`);
  }
  const waiting = new Map(listed.map((demo) => [demo.id, demo]));
  const order: DomainDemo[] = [];
  while (waiting.size > 0) {
    const next = [...waiting.values()].find((demo) => demo.after.every((name) => !waiting.has(name)));
    if (!next) throw new Error(`Demo seeds wait on each other: ${cycleOf(waiting)}`);
    order.push(next);
    waiting.delete(next.id);
  }
  return order;
}
