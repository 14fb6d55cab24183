import { describe, expect, it } from 'vitest';
import { parsePath } from './router/location';
import { passReturnPathOn, returnPathFrom, withReturnPath } from './return-path';

describe('the page sign-in returns to', () => {
  it('is carried to the login page for any page but the board of this week', () => {
    expect(withReturnPath('/login', parsePath('/'))).toBe('/login');
    expect(withReturnPath('/login', parsePath('/runs'))).toBe('/login?next=%2Fruns');
    expect(withReturnPath('/login', parsePath('/?year=2027&week=9'))).toBe('/login?next=%2F%3Fyear%3D2027%26week%3D9');
    expect(withReturnPath('/login', parsePath('/login'))).toBe('/login');
  });

  it('comes back exactly as it was asked for', () => {
    for (const wanted of ['/runs', '/?year=2027&week=9', '/customers?q=Ash%20Lane', '/edit/abc#notes']) {
      const login = parsePath(withReturnPath('/login', parsePath(wanted)));
      expect(returnPathFrom(login.search, '/login')).toBe(wanted);
    }
  });

  it('is never another site, nor the login page itself', () => {
    for (const next of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      'javascript:alert(1)',
      'runs',
      '/login',
      '/login?next=%2Fruns',
      '',
    ])
      expect(returnPathFrom(`?${new URLSearchParams({ next }).toString()}`, '/login'), next).toBeNull();
    expect(returnPathFrom('', '/login')).toBeNull();
  });

  it('is carried on from the login page to the terms page, and read there', () => {
    const login = parsePath(withReturnPath('/login', parsePath('/runs?view=all')));
    const terms = parsePath(passReturnPathOn(login.search, '/login', '/accept-terms'));
    expect(terms.pathname).toBe('/accept-terms');
    expect(returnPathFrom(terms.search, '/accept-terms')).toBe('/runs?view=all');
    expect(passReturnPathOn('', '/login', '/accept-terms')).toBe('/accept-terms');
    expect(passReturnPathOn('?next=%2F%2Fevil.test', '/login', '/accept-terms')).toBe('/accept-terms');
  });
});
