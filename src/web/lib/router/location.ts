// Locations and link targets of the app's router, as plain data (pure, unit-tested).

/** Where the app is: the URL's parts plus what was navigated with (`state`) and a per-entry key. */
export interface AppLocation {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
  /** The `state` of `navigate(to, { state })`; it lives on in the history entry (Back, reload). */
  state: unknown;
  /** Unique per history entry; 'default' for the entry the tab was opened on (React Router's rule). */
  key: string;
}

/** A URL inside the app, without state. */
export type Path = Pick<AppLocation, 'pathname' | 'search' | 'hash'>;

/** A link target: an absolute path ('/edit/x?y=1'), or parts of one (a missing pathname keeps the current). */
export type To = string | Partial<Path>;

/** Splits an absolute in-app URL ('/a?b=1#c') into its parts. */
export function parsePath(href: string): Path {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const searchAt = beforeHash.indexOf('?');
  const search = searchAt >= 0 ? beforeHash.slice(searchAt) : '';
  const pathname = (searchAt >= 0 ? beforeHash.slice(0, searchAt) : beforeHash) || '/';
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

/** The path a target leads to from `current` (only its pathname is inherited, as in React Router). */
export function resolveTo(to: To, current: Pick<Path, 'pathname'>): Path {
  if (typeof to === 'string') return parsePath(to);
  return {
    pathname: to.pathname ?? current.pathname,
    search: withPrefix('?', to.search),
    hash: withPrefix('#', to.hash),
  };
}

/** The href of a path: pathname + search + hash. */
export function hrefOf(path: Path): string {
  return path.pathname + path.search + path.hash;
}

function withPrefix(prefix: '?' | '#', part: string | undefined): string {
  if (!part || part === prefix) return '';
  return part.startsWith(prefix) ? part : prefix + part;
}

/**
 * Which page a location shows, so the layout starts a fresh page (and forgets a failed one) when
 * it changes: the pathname, unless the move's state names the page it stays on (`pageKey`), as
 * the trolley mapper does when its address follows the run it has just saved.
 */
export function pageKeyOf(location: Pick<AppLocation, 'pathname' | 'state'>): string {
  const { state } = location;
  if (typeof state === 'object' && state !== null && 'pageKey' in state && typeof state.pageKey === 'string') return state.pageKey;
  return location.pathname;
}
