import { describe, expect, it } from 'vitest';
import { findRoute, redirectFor, type Route } from './route-table';
import { ANY_PATH } from './match-route';
import { parsePath } from './location';

function Screen() {
  return null;
}

let signedIn = false;
const requireSignIn = () => (signedIn ? null : '/login');
const signedOutOnly = () => (signedIn ? '/' : null);

const routes: Route[] = [
  { path: '/', guards: [requireSignIn], Screen },
  { path: '/edit/:id', guards: [requireSignIn], Screen },
  { path: '/login', guards: [signedOutOnly], Screen },
  { path: '/_/', guards: [signedOutOnly, ({ hash }) => (hash ? `/reset?token=${hash.slice(1)}` : '/login')], Screen: null },
  { path: ANY_PATH, guards: [() => '/login'], Screen: null },
];

describe('findRoute', () => {
  it('finds the first route that matches, with its parameters', () => {
    expect(findRoute(routes, '/edit/x1')).toEqual({ route: routes[1], params: { id: 'x1' } });
    expect(findRoute(routes, '/nowhere')?.route).toBe(routes[4]);
    expect(findRoute([], '/')).toBeNull();
  });
});

describe('redirectFor', () => {
  it('lets a route show when its guards agree', () => {
    signedIn = true;
    expect(redirectFor(routes, parsePath('/edit/x1'))).toBeNull();
    signedIn = false;
    expect(redirectFor(routes, parsePath('/login'))).toBeNull();
  });

  it('follows the first guard that redirects', () => {
    signedIn = false;
    expect(redirectFor(routes, parsePath('/'))).toBe('/login');
    expect(redirectFor(routes, parsePath('/_/#abc'))).toBe('/reset?token=abc');
    signedIn = true;
    expect(redirectFor(routes, parsePath('/login'))).toBe('/');
    expect(redirectFor(routes, parsePath('/_/#abc'))).toBe('/');
  });

  it('sends an unknown path where its catch-all says', () => {
    expect(redirectFor(routes, parsePath('/wp-admin'))).toBe('/login');
  });
});
