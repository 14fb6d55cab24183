// The route table as data, and the pure decisions made from it: which route a path shows and
// where a route's guards send the user instead (unit-tested in route-table.test.ts).
import type { ComponentType, ReactNode } from 'react';
import type { Path } from './location';
import { matchRoute, type Params } from './match-route';

/**
 * Runs before a route is shown, on every navigation to it (and on `revalidate()`): returns the
 * path to go to instead, or null to let the route show. Must be synchronous, so the first
 * render already shows the right screen.
 */
export type Guard = (target: Path) => string | null;

export interface Route {
  /** A pattern of lib/paths.ts, or ANY_PATH. The first route that matches wins. */
  path: string;
  /** Checked in order; the first redirect wins. */
  guards?: readonly Guard[];
  /** The screen; null for a route that always redirects. */
  Screen: ComponentType | null;
  /** Wraps the screen (the app's header and page frame); kept mounted between its routes. */
  Layout?: ComponentType<{ children: ReactNode }>;
  /** Loads the screen's code before the route is shown; null when there is nothing to wait for. */
  prepare?: () => Promise<void> | null;
}

export interface RouteMatch {
  route: Route;
  params: Params;
}

export function findRoute(routes: readonly Route[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = matchRoute(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Where the guards of the route at `target` send the user, or null when it may show. */
export function redirectFor(routes: readonly Route[], target: Path): string | null {
  const match = findRoute(routes, target.pathname);
  for (const guard of match?.route.guards ?? []) {
    const redirect = guard(target);
    if (redirect !== null) return redirect;
  }
  return null;
}
