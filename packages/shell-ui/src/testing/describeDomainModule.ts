import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  canonicalEntity,
  createChecker,
  guardDecision,
  type GuardRequirement,
  type Privilege,
} from '@propdesk/privileges';
import { SPEC_LANDING_ORDER } from '@propdesk/privileges/testing';
import type { Crumb, DomainModule, NavItem, SidebarMode } from '../manifest.js';
import { isPlaceholder } from '../compose/declare.js';
import { visibleNav } from '../layout/navVisibility.js';

/** A sidebar case of spec section 6: what a user holding these privileges sees in one sidebar mode. */
export type SidebarCase = {
  name: string;
  privileges: readonly Privilege[];
  /** Default: the mode of the module's first section. */
  mode?: SidebarMode;
  /** The visible labels, in order (groups and items). */
  equals?: readonly string[];
  /** The first visible labels, in order. */
  startsWith?: readonly string[];
  includes?: readonly string[];
  excludes?: readonly string[];
};

/** What one domain's manifest must give (its own spec routes, crumbs, sidebar rules and landing entries). */
export type DomainExpectations = {
  /** The module's routes as the spec spells them, and their guard: an entity read, a requirement, or null for "present with no guard". */
  routes: Readonly<Record<string, string | GuardRequirement | null>>;
  /** Its other routes (sidebar targets, other spellings), matched as the router matches paths: ignoring case. */
  otherRoutes?: Readonly<Record<string, string | GuardRequirement | null>>;
  /** The first step of every breadcrumb trail. */
  trailRoots: readonly string[];
  /** Breadcrumbs stated exactly. */
  crumbs?: Readonly<Record<string, Crumb>>;
  /** Spellings that open one and the same page. */
  samePage?: readonly (readonly [string, string])[];
  /** The domain's resource names: an engine screen or resource page shows one of them. */
  resources: readonly string[];
  /** The records engine's `engineScreenResource`: which resource a component the engine made shows. */
  engineScreenResource: (component: ComponentType) => string | undefined;
  /** Paths whose screen is built: never the "not available yet" placeholder. */
  built?: readonly string[];
  /** Sidebar items of this module that point to screens another module routes. */
  linkedElsewhere?: readonly string[];
  /** The top-level sidebar sections in order: label, mode, order (and path for a section that is one screen). */
  sections: readonly (readonly [string, SidebarMode, number] | readonly [string, SidebarMode, number, string])[];
  sidebar?: readonly SidebarCase[];
  /** The orders of the spec landing entries the module contributes. */
  landing: readonly number[];
  /** Landing entries whose page the spec shows with no guard. */
  openLanding?: readonly number[];
  /** Privileges that pass no landing page's guard. */
  landingDeniedTo?: readonly Privilege[];
  /** The sidebar mode prefixes, exactly (a domain may test how they resolve instead). */
  modePrefixes?: DomainModule['modePrefixes'];
};

/** The first render imports MUI and emotion, which is slow when turbo runs every package's tests at once. */
const RENDER_TIMEOUT_MS = 60_000;
const key = (path: string) => path.toLowerCase();
/** A privilege for the expectations: `privilege('lead')` is read on lead. */
export const privilege = (entityName: string, action = 'read'): Privilege => ({ entityName, action });
const read = (entityName: string) => privilege(entityName);
/** A guard as the privilege engine compares it: canonical entity (case and aliases folded), action. */
const canonical = (guard: GuardRequirement | string | null | undefined) => {
  if (guard === null || guard === undefined) return null;
  const requirement = typeof guard === 'string' ? { entity: guard } : guard;
  return { entity: canonicalEntity(requirement.entity), action: requirement.action ?? 'read' };
};

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/**
 * The one module test of a domain: every route with its guard, breadcrumbs, pages (engine screen,
 * page of its own or placeholder, as declared), sidebar sections and visibility (spec section 6),
 * landing entries and mode prefixes, against the domain's own expectations.
 */
export function describeDomainModule(module: DomainModule, expected: DomainExpectations): void {
  const routeByPath = new Map(module.routes.map((route) => [key(route.path), route]));
  const crumbByPath = new Map(Object.entries(module.crumbs).map(([path, crumb]) => [key(path), crumb]));
  const firstMode = module.nav[0]?.mode ?? 'sales';
  const visibleLabels = (privileges: readonly Privilege[], mode: SidebarMode) =>
    flatten(visibleNav(module.nav.filter((section) => section.mode === mode), createChecker(privileges))).map((item) => item.label);

  describe(`${module.id} module routes`, () => {
    it.each(Object.entries(expected.routes))('has the route %s with its guard', (path, guard) => {
      const route = routeByPath.get(key(path));
      expect(route, path).toBeDefined();
      expect(route?.path).toBe(path);
      expect(canonical(route?.guard), path).toEqual(canonical(guard));
    });

    it.each(Object.entries(expected.otherRoutes ?? {}))('routes %s with its guard', (path, guard) => {
      const route = routeByPath.get(key(path));
      expect(route, path).toBeDefined();
      expect(canonical(route?.guard), path).toEqual(canonical(guard));
    });

    it('has no route beyond those', () => {
      const known = new Set([...Object.keys(expected.routes), ...Object.keys(expected.otherRoutes ?? {})].map(key));
      expect(module.routes.map((route) => route.path).filter((path) => !known.has(key(path)))).toEqual([]);
    });

    it('has no duplicate path, even ignoring case', () => {
      const paths = module.routes.map((route) => key(route.path));
      expect(new Set(paths).size).toBe(paths.length);
    });

    it('gives every route a crumb whose trail starts with its section and ends with its title', () => {
      for (const route of module.routes) {
        const crumb = crumbByPath.get(key(route.path));
        expect(crumb, route.path).toBeDefined();
        expect(expected.trailRoots).toContain(crumb?.trail[0]);
        expect(crumb?.trail.at(-1)).toBe(crumb?.title);
        expect(crumb?.trail.length).toBeLessThanOrEqual(3);
      }
      for (const [path, crumb] of Object.entries(expected.crumbs ?? {})) expect(module.crumbs[path], path).toEqual(crumb);
    });
  });

  describe(`${module.id} module pages`, () => {
    const resources = new Set(expected.resources);
    const built = new Set((expected.built ?? []).map(key));

    it.each(module.routes.map((route) => [route.path, route] as const))(
      '%s loads the page its declaration names: engine screen, page of its own, or placeholder',
      async (path, route) => {
        const { Component } = await route.page();
        expect(typeof Component).toBe('function');
        const made = expected.engineScreenResource(Component);
        if (route.kind === 'placeholder') {
          expect(built.has(key(path)), `${path} is built`).toBe(false);
          expect(isPlaceholder(Component)).toBe(true);
          const html = renderToStaticMarkup(createElement(Component));
          expect(html).toContain(`>${crumbByPath.get(key(path))?.title ?? 'missing'}</`);
          expect(html).toMatch(/not available yet/i);
          return;
        }
        expect(isPlaceholder(Component), `${path} is a placeholder`).toBe(false);
        if (route.kind === 'engine') {
          expect(made, path).toBe(route.resource);
        } else {
          expect(route.kind, path).toBe('custom');
          expect(made, `${path} is an engine screen`).toBeUndefined();
        }
        if (route.resource) expect(resources.has(route.resource), `${path} → ${route.resource}`).toBe(true);
      },
      RENDER_TIMEOUT_MS,
    );

    it('loads one page for two routes only when they are spellings of one screen', async () => {
      const pages = await Promise.all(module.routes.map(async (route) => [route.path, (await route.page()).Component] as const));
      for (const [a, b] of expected.samePage ?? []) {
        expect(pages.find(([path]) => path === a)?.[1], `${a} ~ ${b}`).toBe(pages.find(([path]) => path === b)?.[1]);
      }
      for (const [path, Component] of pages) {
        for (const [other] of pages.filter(([otherPath, page]) => page === Component && otherPath !== path)) {
          expect(crumbByPath.get(key(other)), `${path} ~ ${other}`).toEqual(crumbByPath.get(key(path)));
        }
      }
    }, RENDER_TIMEOUT_MS);
  });

  describe(`${module.id} module sidebar`, () => {
    const items = flatten(module.nav);

    it('points every item to a route of the module, or to a screen another module routes', () => {
      const known = new Set([...routeByPath.keys(), ...(expected.linkedElsewhere ?? []).map(key)]);
      expect(items.filter((item) => item.path && !known.has(key(item.path))).map((item) => item.path)).toEqual([]);
    });

    it('has its sections in their modes and order, each with an icon', () => {
      expect(
        module.nav.map((section) => (section.children ? [section.label, section.mode, section.order] : [section.label, section.mode, section.order, section.path])),
      ).toEqual(expected.sections);
      for (const section of module.nav) expect(section.icon, section.label).toBeDefined();
    });

    it.each((expected.sidebar ?? []).map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
      const labels = visibleLabels(entry.privileges, entry.mode ?? firstMode);
      if (entry.equals) expect(labels).toEqual(entry.equals);
      if (entry.startsWith) expect(labels.slice(0, entry.startsWith.length)).toEqual(entry.startsWith);
      if (entry.includes) expect(labels).toEqual(expect.arrayContaining([...entry.includes]));
      for (const label of entry.excludes ?? []) expect(labels).not.toContain(label);
    });

    it.runIf(Boolean(expected.modePrefixes))('switches the sidebar mode on its path prefixes', () => {
      expect(module.modePrefixes).toEqual(expected.modePrefixes);
    });
  });

  describe(`${module.id} module landing`, () => {
    it('contributes the spec landing entries whose page it owns (its screens declare them: place, path as spelled, entity)', () => {
      const spelled = (entries: readonly { order: number; path: string; entity: string }[]) => entries.map((entry) => [entry.order, entry.path, canonicalEntity(entry.entity)]);
      expect(spelled(module.landing)).toEqual(spelled(SPEC_LANDING_ORDER.filter((entry) => expected.landing.includes(entry.order))));
      expect(module.landing.map((entry) => entry.order)).toEqual([...expected.landing].sort((a, b) => a - b));
    });

    it.each(module.landing.map((entry) => [entry.order, entry] as const))('admits a user holding read on the landing entity of entry %i', (order, entry) => {
      const route = routeByPath.get(key(entry.path));
      expect(route, entry.path).toBeDefined();
      if (expected.openLanding?.includes(order)) {
        expect(route?.guard).toBeUndefined();
        return;
      }
      expect(route?.guard, entry.path).toBeDefined();
      if (!route?.guard) return;
      expect(guardDecision(createChecker([read(entry.entity)]), route.guard)).toEqual({ allow: true });
      expect(guardDecision(createChecker(expected.landingDeniedTo ?? []), route.guard)).toEqual({ allow: false, redirectTo: '/not-authorized' });
      expect(guardDecision(null, route.guard)).toEqual({ allow: false, redirectTo: '/login' });
    });
  });
}
