import type { ResourceDef } from './definition.js';

/**
 * A screen's links, spelt once (issue 30). The engine's list screen opens one record in its view from
 * `?record=id` (`ResourcePage`), so every link to a record is `recordLink(route, id)`; a document folder's
 * `links.ts` names its screen's route and builds its links with `screenLinks`, and code elsewhere (web
 * pages, notification links, the server's answers) calls those instead of writing a path by hand.
 */

/** A query string on a path, in the order given; none when there are no parameters. */
export function withQuery(path: string, params?: Readonly<Record<string, string>>): string {
  const query = params ? new URLSearchParams(params).toString() : '';
  return query ? `${path}?${query}` : path;
}

/** One record in its list screen's view: `route?record=id`. */
export const recordLink = (route: string, id: string): string => `${route}?record=${encodeURIComponent(id)}`;

/** A document screen's links: its route, one record's view and its create form. */
export type ScreenLinks = {
  /** The list screen's path, as the definition (or the screen) declares it. */
  readonly route: string;
  /** One record opened in the list's view (`route?record=id`). */
  link(id: string): string;
  /** The create form, with `params` as its query (`/sales/leads/addcustomer?lead=…`). */
  linkToCreate(params?: Readonly<Record<string, string>>): string;
};

/** The links of a screen at `route`; its create form is `route/create` (a `mode: 'create'` screen) unless `createRoute` says otherwise. */
export function screenLinks(route: string, createRoute = `${route}/create`): ScreenLinks {
  return { route, link: (id) => recordLink(route, id), linkToCreate: (params) => withQuery(createRoute, params) };
}

/** A definition's route, for a definition that must have one (its screens and links are built from it). */
export function routeOf(def: ResourceDef): string {
  if (!def.route) throw new Error(`Resource ${def.name} has no route`);
  return def.route;
}

/** The links of a definition's screen (`routeOf(def)`). */
export const linksOf = (def: ResourceDef, createRoute?: string): ScreenLinks => screenLinks(routeOf(def), createRoute);
