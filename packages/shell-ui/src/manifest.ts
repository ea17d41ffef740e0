import type { ComponentType } from 'react';
import type { GuardRequirement, LandingEntry, PrivilegeChecker } from '@propdesk/privileges';

/**
 * The contract between the shell and a domain package (docs/architecture.md): each domain
 * package exports one `DomainModule` from its `/web` entry; apps/web lists them and the shell
 * builds the router, the three sidebar modes, the breadcrumb bar and the landing order from them.
 */
export type SidebarMode = 'sales' | 'settings' | 'procurement';

/** A breadcrumb: the page title and the trail after Home (section, subsection, page). */
export type Crumb = {
  title: string;
  trail: readonly string[];
};

/** A route-level lazy chunk. */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * What a route's page is, as its declaration says: the records engine's screen of a resource,
 * a page of the domain's own, or the "not available yet" placeholder of a screen not built yet.
 */
export type PageKind = 'engine' | 'custom' | 'placeholder';

export type DomainRoute = {
  /** Absolute path as the spec writes it, e.g. '/sales/leads'. */
  path: string;
  page: LazyPage;
  /** Omitted for the spec's routes "present with no guard". */
  guard?: GuardRequirement;
  /**
   * What an unguarded page needs to show anything (the resource an unguarded spec route lists): the
   * user menu's "Go to" leads only to pages whose guard, or else this, the user holds.
   */
  reads?: GuardRequirement;
  /**
   * Starts the page's first data once the guard has let the user in, in parallel with the page's
   * chunk, so it is there when the page first renders (render as you fetch). Called on entering
   * the route (not on a change of its query string); the page must take what it starts.
   */
  prefetch?: () => void;
  /** What the page is (module tests and tools read it; the router does not). */
  kind?: PageKind;
  /** The resource the page shows, for engine screens and resource pages of the domain's own. */
  resource?: string;
};

export type NavItem = {
  id: string;
  label: string;
  path?: string;
  icon?: ComponentType;
  children?: readonly NavItem[];
  /** Sidebar visibility (spec section 6); omitted means always visible. A group with children shows when any child shows. */
  visible?: (can: PrivilegeChecker) => boolean;
};

/** A top-level sidebar entry, placed in one sidebar mode at a position. */
export type NavSection = NavItem & {
  mode: SidebarMode;
  order: number;
};

/**
 * A domain's words in Arabic, behind a dynamic import so English users never download them
 * (`() => import('../i18n/definitions.ar.js')`): a default export of key → word.
 */
export type DomainWordsSource = {
  ar: () => Promise<{ default: Readonly<Record<string, string>> }>;
};

export type DomainModule = {
  id: string;
  /** Path prefixes that switch the sidebar mode; the longest matching prefix of all modules wins, default 'sales'. */
  modePrefixes: readonly { prefix: string; mode: SidebarMode }[];
  routes: readonly DomainRoute[];
  nav: readonly NavSection[];
  /** Breadcrumbs by path (matched exactly, else by the longest known prefix, case-insensitively). */
  crumbs: Readonly<Record<string, Crumb>>;
  landing: readonly LandingEntry[];
  /**
   * The Arabic of the module's definitions (`DefinitionWords` of @propdesk/records: every key of
   * `definitionKeys`), applied on the records engine's screens of every resource it defines.
   */
  definitionWords?: DomainWordsSource;
  /** The Arabic of the names its sidebar entries and breadcrumbs show, keyed by their English (`manifestNames`). */
  manifestWords?: DomainWordsSource;
};
