// Where sign-in returns to (docs/product.md#access-gate): a page opened by its address while
// signed out (a bookmark, a link in a mail) is remembered in the login page's `next`, carried on
// to the terms page when new terms must be accepted first, and shown once the person is in.
// Pure: the gate writes it, the sign-in form and the terms page read it.
import { parsePath, type Path } from './router/location';

const NEXT = 'next';
/** Any origin will do: `next` is read against it only to see that it stays on it. */
const SAME_SITE = 'http://app.invalid';

/** `page` (the login or terms page), carrying `target` when it is more than the board's own start. */
export function withReturnPath(page: string, target: Path): string {
  const wanted = `${target.pathname}${target.search}${target.hash}`;
  if (wanted === '/' || target.pathname === page) return page;
  return `${page}?${new URLSearchParams({ [NEXT]: wanted }).toString()}`;
}

/**
 * The page `next` names in the query of `page` (the login or terms page), or null. Only a path of
 * this app: never another site ('//host', '/\host', 'https:…'), so a crafted link cannot send a
 * person elsewhere after signing in.
 */
export function returnPathFrom(search: string, page: string): string | null {
  const next = new URLSearchParams(search).get(NEXT);
  if (!next?.startsWith('/')) return null;
  // Read as the browser will read it: tabs, newlines and backslashes can make '/…' another host.
  let url: URL;
  try {
    url = new URL(next, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE || url.pathname === page) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `to`, carrying on the page that `from`'s query (`search`) names, if any. */
export function passReturnPathOn(search: string, from: string, to: string): string {
  const next = returnPathFrom(search, from);
  return next === null ? to : withReturnPath(to, parsePath(next));
}
