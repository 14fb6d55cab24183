// Pure path matching for the app's router: no window, no React, unit-tested in match-route.test.ts.

/** Values of a pattern's `:name` segments, decoded (`/edit/:id` on `/edit/a%20b` gives `{ id: 'a b' }`). */
export type Params = Readonly<Record<string, string | undefined>>;

/** Matches everything; the route table's last entry. */
export const ANY_PATH = '*';

/**
 * Matches a whole pathname against a pattern of static segments and `:name` parameters, as the
 * route table writes them (lib/paths.ts). Like React Router: static segments ignore case, a
 * trailing slash is optional, a parameter needs at least one character and never spans a slash.
 * Returns the decoded parameters, or null when the pattern does not match.
 */
export function matchRoute(pattern: string, pathname: string): Params | null {
  if (pattern === ANY_PATH) return {};
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i += 1) {
    const want = wanted[i] ?? '';
    const value = decodeSegment(given[i] ?? '');
    if (want.startsWith(':')) {
      if (value === '') return null;
      params[want.slice(1)] = value;
    } else if (want.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * Whether a link to `linkPath` is "the current page" at `pathname` (NavLink's aria-current):
 * the same path, or, unless `end`, a path below it (`/runs` is current on `/runs/view/x`).
 */
export function isActivePath(linkPath: string, pathname: string, end = false): boolean {
  const link = withoutTrailingSlashes(linkPath).toLowerCase();
  const here = withoutTrailingSlashes(pathname).toLowerCase();
  if (here === link) return true;
  return !end && link !== '' && here.startsWith(`${link}/`);
}

function segmentsOf(path: string): string[] {
  return withoutTrailingSlashes(path).split('/');
}

/** `/runs/` is `/runs`; `/` becomes '' so it has one (empty) segment like every root. */
function withoutTrailingSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}

/** A malformed escape (`%E0%A4%A`) is kept as typed rather than failing the whole page. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
