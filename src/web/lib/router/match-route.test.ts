import { describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { ANY_PATH, isActivePath, matchRoute } from './match-route';

describe('matchRoute', () => {
  it.each([
    [paths.board, '/', {}],
    [paths.board, '', {}],
    [paths.collect, '/collect', {}],
    [paths.collect, '/collect/', {}],
    [paths.collect, '/Collect', {}],
    [paths.holding, '/holdingpage', {}],
    [paths.adminRedirect, '/_/', {}],
    [paths.adminRedirect, '/_', {}],
    [paths.editOrderPattern, '/edit/abc123', { id: 'abc123' }],
    [paths.editOrderPattern, '/edit/a%20b%2Fc', { id: 'a b/c' }],
    [paths.editOrderPattern, '/edit/AbC', { id: 'AbC' }],
    [paths.pickSheetPattern, '/weekday/2026/47/monday/16', { year: '2026', week: '47', day: 'monday', number: '16' }],
    [paths.confirmPasswordResetPattern, '/auth/confirm-password-reset/x.y.z', { token: 'x.y.z' }],
    [paths.editOrderPattern, '/edit/%E0%A4%A', { id: '%E0%A4%A' }],
    [ANY_PATH, '/anything/at/all', {}],
  ])('%s matches %s with %j', (pattern, pathname, params) => {
    expect(matchRoute(pattern, pathname)).toEqual(params);
  });

  it.each([
    [paths.board, '/collect'],
    [paths.collect, '/collect/more'],
    [paths.collect, '/collects'],
    [paths.editOrderPattern, '/edit'],
    [paths.editOrderPattern, '/edit/'],
    [paths.editOrderPattern, '/edit/a/b'],
    [paths.pickSheetPattern, '/weekday/2026/47/monday'],
    [paths.runViewPattern, '/runs'],
    [paths.runs, '/runs/view/x'],
  ])('%s does not match %s', (pattern, pathname) => {
    expect(matchRoute(pattern, pathname)).toBeNull();
  });

  it('gives back what the path builders encode', () => {
    expect(matchRoute(paths.editOrderPattern, paths.editOrder('a/b?c#d'))).toEqual({ id: 'a/b?c#d' });
    expect(matchRoute(paths.runViewPattern, paths.runView('r 1'))).toEqual({ id: 'r 1' });
  });
});

describe('isActivePath', () => {
  it('marks the same path, ignoring case and a trailing slash', () => {
    expect(isActivePath('/settings', '/settings')).toBe(true);
    expect(isActivePath('/settings', '/Settings/')).toBe(true);
    expect(isActivePath('/settings', '/search')).toBe(false);
  });

  it('marks paths below the link unless it ends there', () => {
    expect(isActivePath('/runs', '/runs/view/x')).toBe(true);
    expect(isActivePath('/runs', '/runs/view/x', true)).toBe(false);
    expect(isActivePath('/runs', '/runsheet')).toBe(false);
  });

  it('marks Home (end) only on the board', () => {
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/', '/holdingPage', true)).toBe(false);
  });
});
