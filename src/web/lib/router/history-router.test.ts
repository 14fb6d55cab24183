import { describe, expect, it } from 'vitest';
import { createHistoryRouter, type BrowserWindow, type RouterOptions } from './history-router';
import { hrefOf, parsePath, type Path } from './location';

/** The session history as a browser keeps it: entries, a position, popstate after go(). */
class FakeBrowser implements BrowserWindow {
  entries: { state: unknown; href: string }[];
  position = 0;
  private onPop: (() => void) | null = null;

  constructor(href: string, state: unknown = null) {
    this.entries = [{ state, href }];
  }

  get location(): Path {
    return parsePath(this.entries[this.position]?.href ?? '/');
  }

  readonly history = {
    get state(): unknown {
      return browser().entries[browser().position]?.state;
    },
    pushState: (state: unknown, _unused: string, href?: string | URL | null) => {
      this.entries.splice(this.position + 1, Infinity, { state, href: String(href) });
      this.position += 1;
    },
    replaceState: (state: unknown, _unused: string, href?: string | URL | null) => {
      this.entries[this.position] = { state, href: String(href) };
    },
    go: (delta?: number) => {
      this.position = Math.max(0, Math.min(this.entries.length - 1, this.position + (delta ?? 0)));
      // Browsers fire popstate after go() has returned.
      setTimeout(() => this.onPop?.(), 0);
    },
  };

  addEventListener(_type: 'popstate', listener: () => void): void {
    this.onPop = listener;
  }

  get href(): string {
    return this.entries[this.position]?.href ?? '';
  }
}

let current: FakeBrowser;
const browser = () => current;
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

let signedIn = true;
const options: RouterOptions = {
  redirectFor: ({ pathname }: Path) => (pathname !== '/login' && !signedIn ? '/login' : null),
  prepare: () => null,
};

function start(href: string, extra: Partial<RouterOptions> = {}, state: unknown = null) {
  current = new FakeBrowser(href, state);
  return createHistoryRouter({ ...options, ...extra }, current);
}

describe('createHistoryRouter', () => {
  it('starts where the tab is, on the entry React Router calls "default"', () => {
    signedIn = true;
    const router = start('/search?q=rose');
    expect(router.getLocation()).toEqual({ pathname: '/search', search: '?q=rose', hash: '', state: null, key: 'default' });
  });

  it('keeps the state of an entry written before a reload', () => {
    signedIn = true;
    const router = start('/trolley-mapper', {}, { usr: { stops: [] }, key: 'k1', idx: 3 });
    expect(router.getLocation()).toMatchObject({ state: { stops: [] }, key: 'k1' });
  });

  it('applies the guards before the first render, replacing the address', () => {
    signedIn = false;
    const router = start('/edit/x');
    expect(router.getLocation().pathname).toBe('/login');
    expect(current.entries.map((e) => e.href)).toEqual(['/login']);
  });

  it('pushes and replaces entries, with state and a new key each time', async () => {
    signedIn = true;
    const router = start('/');
    let changes = 0;
    router.subscribe(() => (changes += 1));
    await router.navigate('/trolley-mapper', { state: { stops: ['a'] } });
    expect(router.getLocation()).toMatchObject({ pathname: '/trolley-mapper', state: { stops: ['a'] } });
    expect(router.getLocation().key).not.toBe('default');
    await router.navigate({ search: 'q=x' }, { replace: true });
    expect(current.entries.map((e) => e.href)).toEqual(['/', '/trolley-mapper?q=x']);
    expect(changes).toBe(2);
  });

  it('follows a guard to its redirect, without the state meant for the blocked page', async () => {
    signedIn = true;
    const router = start('/');
    signedIn = false;
    await router.navigate('/runs', { state: { a: 1 } });
    expect(router.getLocation()).toMatchObject({ pathname: '/login', state: null });
    expect(current.entries.map((e) => e.href)).toEqual(['/', '/login']);
  });

  it('keeps a tab opened signed out on its first entry through the login and back to the page asked for', async () => {
    signedIn = false;
    const router = start('/runs');
    expect(router.getLocation()).toMatchObject({ pathname: '/login', key: 'default' });
    signedIn = true;
    await router.navigate('/runs', { replace: true });
    // Nothing of the app lies before it: Back from here (useGoBack) takes its fallback, not the tab's previous site.
    expect(router.getLocation()).toMatchObject({ pathname: '/runs', key: 'default' });
    expect(current.entries.map((e) => e.href)).toEqual(['/runs']);
    await router.navigate('/search');
    expect(router.getLocation().key).not.toBe('default');
  });

  it('revalidate sends the user away when the session no longer allows the page', async () => {
    signedIn = true;
    const router = start('/');
    await router.revalidate();
    expect(router.getLocation().pathname).toBe('/');
    signedIn = false;
    await router.revalidate();
    expect(current.entries.map((e) => e.href)).toEqual(['/login']);
  });

  it('moves only once the screen is loaded, and a later move wins', async () => {
    signedIn = true;
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const router = start('/', { prepare: ({ pathname }) => (pathname === '/slow' ? slow : null) });
    const toSlow = router.navigate('/slow');
    expect(router.getLocation().pathname).toBe('/');
    await router.navigate('/fast');
    release();
    await toSlow;
    expect(router.getLocation().pathname).toBe('/fast');
    expect(current.entries.map((e) => e.href)).toEqual(['/', '/fast']);
  });

  it('follows Back and Forward', async () => {
    signedIn = true;
    const router = start('/');
    await router.navigate('/runs', { state: 'kept' });
    await router.navigate('/search');
    await router.navigate(-1);
    await settle();
    expect(router.getLocation()).toMatchObject({ pathname: '/runs', state: 'kept' });
    await router.navigate(-1);
    await settle();
    expect(router.getLocation().key).toBe('default');
  });

  it('holds a blocked move until proceed, and drops it on reset', async () => {
    signedIn = true;
    const router = start('/trolley-mapper');
    const unregister = router.registerBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
    await router.navigate('/');
    const blocker = router.getBlocker();
    expect(blocker.state).toBe('blocked');
    if (blocker.state === 'blocked') blocker.reset();
    expect(router.getBlocker().state).toBe('unblocked');
    expect(router.getLocation().pathname).toBe('/trolley-mapper');

    await router.navigate('/trolley-mapper?x=1');
    expect(router.getLocation().search).toBe('?x=1');

    await router.navigate('/');
    const again = router.getBlocker();
    if (again.state === 'blocked') again.proceed();
    await settle();
    expect(router.getLocation().pathname).toBe('/');
    unregister();
  });

  it('puts a blocked Back back, and goes back on proceed', async () => {
    signedIn = true;
    const router = start('/');
    await router.navigate('/trolley-mapper');
    const unregister = router.registerBlocker(() => true);
    current.history.go(-1);
    await settle();
    expect(current.href).toBe('/trolley-mapper');
    expect(router.getLocation().pathname).toBe('/trolley-mapper');
    const blocker = router.getBlocker();
    expect(blocker.state).toBe('blocked');
    if (blocker.state === 'blocked') blocker.proceed();
    await settle();
    expect(current.href).toBe('/');
    expect(router.getLocation().pathname).toBe('/');
    unregister();
    expect(hrefOf(router.getLocation())).toBe('/');
  });
});
