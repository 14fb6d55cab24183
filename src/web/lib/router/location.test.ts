import { describe, expect, it } from 'vitest';
import { hrefOf, pageKeyOf, parsePath, resolveTo } from './location';

describe('parsePath', () => {
  it.each([
    ['/', { pathname: '/', search: '', hash: '' }],
    ['/search?q=rose', { pathname: '/search', search: '?q=rose', hash: '' }],
    ['/_/#/auth/x?y', { pathname: '/_/', search: '', hash: '#/auth/x?y' }],
    ['/a?b=1#c', { pathname: '/a', search: '?b=1', hash: '#c' }],
    ['/a?#', { pathname: '/a', search: '', hash: '' }],
    ['?q=1', { pathname: '/', search: '?q=1', hash: '' }],
  ])('%s', (href, path) => {
    expect(parsePath(href)).toEqual(path);
    if (href !== '?q=1' && href !== '/a?#') expect(hrefOf(parsePath(href))).toBe(href);
  });
});

describe('resolveTo', () => {
  const here = { pathname: '/search' };

  it('takes a string as an absolute path', () => {
    expect(resolveTo('/collect?year=2026&week=3', here)).toEqual({ pathname: '/collect', search: '?year=2026&week=3', hash: '' });
  });

  it('keeps the current pathname when only the search is given, adding its question mark', () => {
    expect(resolveTo({ search: 'q=rose' }, here)).toEqual({ pathname: '/search', search: '?q=rose', hash: '' });
    expect(resolveTo({ search: '' }, here)).toEqual({ pathname: '/search', search: '', hash: '' });
  });

  it('joins a pathname and a search as NavLink passes them', () => {
    expect(hrefOf(resolveTo({ pathname: '/', search: '?year=2026&week=47' }, here))).toBe('/?year=2026&week=47');
  });
});

describe('pageKeyOf', () => {
  it.each([
    ['a plain move', { pathname: '/runs/view/abc', state: null }, '/runs/view/abc'],
    ['state without a page key', { pathname: '/trolley-mapper', state: { stops: [] } }, '/trolley-mapper'],
    ['a move that stays on its page', { pathname: '/runs/view/abc', state: { pageKey: '/trolley-mapper' } }, '/trolley-mapper'],
    ['a page key that is not text', { pathname: '/runs', state: { pageKey: 3 } }, '/runs'],
  ])('%s', (_, location, key) => {
    expect(pageKeyOf(location)).toBe(key);
  });
});
