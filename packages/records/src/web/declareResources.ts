import type { ComponentType } from 'react';
import type { GuardRequirement } from '@propdesk/privileges';
import { oncePage, readOn, type ScreenDeclaration, type ScreenOptions } from '@propdesk/shell-ui';
import { landingPathOf, type ResourceDef } from '../model/index.js';
import type { ResourcePageProps } from './ResourcePage.js';

/** What a resource's screen says beyond its definition: only where it differs. */
export type ResourceScreenOptions = Omit<ScreenOptions, 'guard'> & {
  /** Default: the definition's `route`, with `/create` or `/edit` after it for those modes. */
  path?: string;
  /** The breadcrumb title; default: the definition's `label`. */
  title?: string;
  /** Default: read on the definition's `entity`, none when it is `readOpen`; `null`: "present with no guard". */
  guard?: GuardRequirement | null;
  /** The spec's separate create and edit routes: the engine's form alone. */
  mode?: 'create' | 'edit';
  /** What the screen adds to the engine's page (form extension, panels), loaded with the page's chunk. */
  extend?: () => Promise<Omit<ResourcePageProps, 'def' | 'mode'>>;
  /** A page of the domain's own for this resource instead of the engine's. */
  custom?: () => Promise<ComponentType>;
};

/**
 * The screen declarations of a domain's resources, each from its definition (`route`, `entity`,
 * `label`) and only its real differences:
 *
 *     const resource = declareResources(SETTINGS_RESOURCES);
 *     resource('sources')                                       // /settings/leads/sources, read on source, "Sources"
 *     resource('block-types', { aliases: ['/settings/leads/blocktype'] })
 *     resource('payment-plans', { mode: 'create', title: 'Create Payment Plan', guard: readOn('user'), extend })
 *
 * The engine's page is made in the page's own chunk, with the definitions registered when it renders.
 */
export function declareResources(definitions: readonly ResourceDef[]) {
  const byName = new Map(definitions.map((def) => [def.name, def]));
  return function resource(name: string, options: ResourceScreenOptions = {}): ScreenDeclaration {
    const def = byName.get(name);
    if (!def) throw new Error(`Unknown resource ${name}: not among the domain's definitions`);
    const { path, title, guard, mode, extend, custom, ...rest } = options;
    const route = path ?? (def.route && mode ? `${def.route}/${mode}` : def.route);
    if (!route) throw new Error(`Resource ${name} has no route: give its screen a path`);
    // The definition's landing place belongs to the screen whose paths include its page (its list, or its create form).
    const landingPath = landingPathOf(def);
    const ownsLanding = landingPath !== undefined && [route, ...(rest.aliases ?? [])].some((each) => each.toLowerCase() === landingPath.toLowerCase());
    const required = guard === undefined ? (def.readOpen ? undefined : readOn(def.entity)) : (guard ?? undefined);
    const page = custom
      ? oncePage(custom)
      : oncePage(async () => {
          const [screens, extra] = await Promise.all([import('./resourceScreen.js'), extend?.() ?? {}]);
          return screens.resourceScreen(name, definitions, mode ? { ...extra, mode } : extra);
        });
    return {
      path: route,
      title: title ?? def.label,
      page,
      kind: custom ? 'custom' : 'engine',
      resource: name,
      ...(required ? { guard: required } : {}),
      // An unguarded spec route still shows nothing without read on its resource (the area switch asks).
      ...(!required && !def.readOpen ? { reads: readOn(def.entity) } : {}),
      ...(ownsLanding && def.landing !== undefined ? { landing: def.landing } : {}),
      ...rest,
    };
  };
}
