// Where sign-in returns to (docs/product.md#access-gate): a page opened by its address while
// signed out (a bookmark, a link in a mail) is remembered in the login page's `next` and shown
// once the person has signed in. Pure: the gate writes it, the sign-in form reads it.
import type { Path } from './router/location';

const NEXT = 'next';

/** `/login`, carrying `target` when it is more than the board's own start. */
export function loginPathFor(login: string, target: Path): string {
  const wanted = `${target.pathname}${target.search}${target.hash}`;
  if (wanted === '/' || target.pathname === login) return login;
  return `${login}?${new URLSearchParams({ [NEXT]: wanted }).toString()}`;
}

/**
 * The page `next` names in a login page's query, or null. Only a path of this app: never another
 * site ('//host', '/\host', 'https:…'), so a crafted link cannot send a person elsewhere after signing in.
 */
export function returnPathFrom(search: string, login: string): string | null {
  const next = new URLSearchParams(search).get(NEXT);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === login || next.startsWith(`${login}?`)) return null;
  return next;
}
