import type { ComponentType } from 'react';
import type { GuardRequirement, LandingEntry, LandingPlace, PrivilegeChecker } from '@propdesk/privileges';
import type { Crumb, DomainModule, DomainRoute, LazyPage, NavItem, NavSection, PageKind, SidebarMode } from '../manifest.js';
import { placeholderPage } from '../pages/placeholderPage.js';

/** A sidebar visibility rule (spec section 6), as `sidebarRules` of @propdesk/privileges gives them. */
export type Visibility = (can: PrivilegeChecker) => boolean;

/**
 * One screen of a domain, declared once: its route, breadcrumb and (when its group lists it)
 * sidebar item all come from here. Records-engine screens are made from their definition by
 * `resourceScreen` of @propdesk/records/web; `customScreen` and `placeholderScreen` make the others.
 */
export type ScreenDeclaration = {
  path: string;
  /** The breadcrumb title. */
  title: string;
  page: LazyPage;
  kind: PageKind;
  resource?: string;
  /** Omitted for the spec's routes "present with no guard". */
  guard?: GuardRequirement;
  /** What an unguarded page needs to show anything (read on the resource it lists). */
  reads?: GuardRequirement;
  /** More spellings of the path that open the same page (same guard and breadcrumb). */
  aliases?: readonly string[];
  prefetch?: () => void;
  /** The sidebar label when its group lists it (default: the title). */
  navLabel?: string;
  /** The sidebar rule when its group lists it (default: the guard's privilege, or always without a guard). */
  visible?: Visibility | 'always';
  /**
   * Its place in the spec's landing order (a records screen takes its definition's `landing`): the
   * landing page is read on its guard's entity; `{ order, path }` when the page is one of its aliases.
   */
  landing?: LandingPlace;
};

/** What a declaration may say beyond its path, title and page. */
export type ScreenOptions = Pick<ScreenDeclaration, 'guard' | 'aliases' | 'prefetch' | 'navLabel' | 'visible' | 'landing'>;

/** A sidebar item pointing to a screen another domain declares (its route, guard and crumb are there). */
export type NavLink = { link: string; label: string; visible?: Visibility };

/** A sidebar group: its items in order, and the screens opened from them that the sidebar does not list. */
export type ScreenGroup = {
  id: string;
  label: string;
  icon?: ComponentType;
  visible?: Visibility;
  /**
   * The breadcrumb trail of its screens: a screen's crumb is the trail and its title, or the
   * trail alone when the title is the trail's last step (the group's own page).
   */
  trail: readonly string[];
  items: readonly (ScreenDeclaration | NavLink | ScreenGroup)[];
  pages?: readonly ScreenDeclaration[];
};

/** A top-level sidebar entry: a group, or one screen of its own (`screen`). */
export type SectionDeclaration =
  | (ScreenGroup & { mode: SidebarMode; order: number })
  | { id: string; mode: SidebarMode; order: number; icon?: ComponentType; trail: readonly string[]; screen: ScreenDeclaration };

/** Screens with a breadcrumb trail but no sidebar entry of this domain (another domain's sidebar links to them). */
export type UnlistedScreens = { trail: readonly string[]; pages: readonly ScreenDeclaration[] };

export type DomainDeclaration = Pick<DomainModule, 'id' | 'modePrefixes' | 'definitionWords' | 'manifestWords'> & {
  sections: readonly (SectionDeclaration | UnlistedScreens)[];
};

/** A lazy page whose component is made once, so every route and every load gets the same one. */
export function oncePage(load: () => Promise<ComponentType>): LazyPage {
  let component: ComponentType | undefined;
  return async () => {
    if (!component) {
      const loaded = await load();
      component ??= loaded;
    }
    return { Component: component };
  };
}

const placeholders = new WeakSet<ComponentType>();

/** Whether a component is a placeholder made by `placeholderScreen` (a screen not built yet). */
export function isPlaceholder(component: ComponentType): boolean {
  return placeholders.has(component);
}

/** A page of the domain's own (a board, an editor, a wizard); `resource` when it shows one. */
export function customScreen(
  path: string,
  title: string,
  load: () => Promise<ComponentType>,
  options: ScreenOptions & { resource?: string } = {},
): ScreenDeclaration {
  return { path, title, page: oncePage(load), kind: 'custom', ...options };
}

/** A screen not built yet: the shell's "not available yet" page with its title and what it will manage. */
export function placeholderScreen(path: string, title: string, description: string, options: ScreenOptions = {}): ScreenDeclaration {
  const page = oncePage(async () => {
    const component = placeholderPage(title, description);
    placeholders.add(component);
    return component;
  });
  return { path, title, page, kind: 'placeholder', ...options };
}

/** Where a family page differs from the family's pattern (a path the spec spells otherwise). */
export type FamilyPageOptions = ScreenOptions & { path?: string };

/** The placeholder pages of a record type not built yet: each takes what it will manage. */
export type PlaceholderFamily = Record<'list' | 'create' | 'edit' | 'view', (description: string, options?: FamilyPageOptions) => ScreenDeclaration>;

/**
 * The placeholder screens of a record type not built yet, named from it as the engine names a
 * resource's: the list at `path` titled with the plural, and `path/create`, `path/edit` and
 * `path/view` titled "Create …", "Edit …" and "View …" with the singular. `shared` (a guard)
 * applies to every page.
 */
export function placeholderFamily(path: string, singular: string, plural: string, shared: ScreenOptions = {}): PlaceholderFamily {
  const page =
    (title: string, below?: string) =>
    (description: string, { path: own, ...options }: FamilyPageOptions = {}) =>
      placeholderScreen(own ?? (below ? `${path}/${below}` : path), title, description, { ...shared, ...options });
  return {
    list: page(plural),
    create: page(`Create ${singular}`, 'create'),
    edit: page(`Edit ${singular}`, 'edit'),
    view: page(`View ${singular}`, 'view'),
  };
}

/** A sidebar item for another domain's screen. */
export function navLink(label: string, path: string, visible?: Visibility): NavLink {
  return visible ? { link: path, label, visible } : { link: path, label };
}

const isLink = (item: ScreenDeclaration | NavLink | ScreenGroup): item is NavLink => 'link' in item;
const isGroup = (item: ScreenDeclaration | NavLink | ScreenGroup): item is ScreenGroup => 'items' in item;

const crumbOf = (trail: readonly string[], title: string): Crumb => ({ title, trail: trail.at(-1) === title ? trail : [...trail, title] });

const guardRule = (guard: GuardRequirement): Visibility => (can) => can.can(guard.entity, guard.action ?? 'read');

function navItemOf(groupId: string, screen: ScreenDeclaration): NavItem {
  const item: NavItem = { id: `${groupId}:${screen.path}`, label: screen.navLabel ?? screen.title, path: screen.path };
  const visible = screen.visible ?? (screen.guard ? guardRule(screen.guard) : 'always');
  return visible === 'always' ? item : { ...item, visible };
}

type Built = { routes: DomainRoute[]; crumbs: Record<string, Crumb>; landing: LandingEntry[] };

/** The landing entry a screen declares: one of its paths (compared case-insensitively, as spelled) and read on its guard's entity. */
function landingEntryOf(screen: ScreenDeclaration): LandingEntry | null {
  if (screen.landing === undefined) return null;
  const place = typeof screen.landing === 'number' ? { order: screen.landing, path: screen.path } : screen.landing;
  const paths = [screen.path, ...(screen.aliases ?? [])].map((path) => path.toLowerCase());
  if (!paths.includes(place.path.toLowerCase())) throw new Error(`Screen ${screen.path}: its landing page ${place.path} is none of its paths`);
  const entity = screen.guard?.entity ?? screen.reads?.entity;
  if (!entity) throw new Error(`Screen ${screen.path}: a landing page needs a guard (read on its entity)`);
  return { order: place.order, path: place.path, entity };
}

function addScreen(built: Built, trail: readonly string[], screen: ScreenDeclaration): void {
  const landing = landingEntryOf(screen);
  if (landing) built.landing.push(landing);
  const crumb = crumbOf(trail, screen.title);
  for (const path of [screen.path, ...(screen.aliases ?? [])]) {
    const route: DomainRoute = { path, page: screen.page, kind: screen.kind };
    built.routes.push({
      ...route,
      ...(screen.guard ? { guard: screen.guard } : {}),
      ...(screen.reads ? { reads: screen.reads } : {}),
      ...(screen.prefetch ? { prefetch: screen.prefetch } : {}),
      ...(screen.resource ? { resource: screen.resource } : {}),
    });
    built.crumbs[path] = crumb;
  }
}

/** The sidebar items of a group (screens, links, subgroups), adding its screens' routes and crumbs. */
function buildGroup(built: Built, group: ScreenGroup): NavItem {
  const children = group.items.map((item): NavItem => {
    if (isLink(item)) {
      const link: NavItem = { id: `${group.id}:${item.link}`, label: item.label, path: item.link };
      return item.visible ? { ...link, visible: item.visible } : link;
    }
    if (isGroup(item)) return buildGroup(built, item);
    addScreen(built, group.trail, item);
    return navItemOf(group.id, item);
  });
  for (const page of group.pages ?? []) addScreen(built, group.trail, page);
  const item: NavItem = { id: group.id, label: group.label, children };
  return { ...item, ...(group.icon ? { icon: group.icon } : {}), ...(group.visible ? { visible: group.visible } : {}) };
}

/**
 * The domain's manifest from its declarations: routes (aliases included), breadcrumbs, the
 * sidebar sections and the landing entries its screens declare (`landing`), in order.
 */
export function domainModule(declaration: DomainDeclaration): DomainModule {
  const built: Built = { routes: [], crumbs: {}, landing: [] };
  const nav: NavSection[] = [];
  for (const section of declaration.sections) {
    if (!('mode' in section)) {
      for (const page of section.pages) addScreen(built, section.trail, page);
    } else if ('screen' in section) {
      addScreen(built, section.trail, section.screen);
      const item = navItemOf(section.id, section.screen);
      nav.push({ ...item, id: section.id, mode: section.mode, order: section.order, ...(section.icon ? { icon: section.icon } : {}) });
    } else {
      nav.push({ ...buildGroup(built, section), mode: section.mode, order: section.order });
    }
  }
  return {
    id: declaration.id,
    modePrefixes: declaration.modePrefixes,
    routes: built.routes,
    nav,
    crumbs: built.crumbs,
    landing: built.landing.sort((a, b) => a.order - b.order),
    ...(declaration.definitionWords ? { definitionWords: declaration.definitionWords } : {}),
    ...(declaration.manifestWords ? { manifestWords: declaration.manifestWords } : {}),
  };
}
