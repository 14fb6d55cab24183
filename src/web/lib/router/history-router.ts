// The app's one history listener: the current location as an external store (read with
// useSyncExternalStore), navigation through history.pushState/replaceState, the guards of the
// route table applied before every move, and one blocker (unsaved changes ask before leaving).
import { hrefOf, parsePath, resolveTo, type AppLocation, type Path, type To } from './location';

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept in the history entry; read as `useLocation().state`. */
  state?: unknown;
}

export type ShouldBlock = (move: { currentLocation: AppLocation; nextLocation: Path }) => boolean;

/** React Router's blocker shape: a blocked move waits for `proceed` or `reset`. */
export type Blocker = { state: 'unblocked' } | { state: 'blocked'; proceed: () => void; reset: () => void };

export interface Router {
  getLocation: () => AppLocation;
  getBlocker: () => Blocker;
  subscribe: (listener: () => void) => () => void;
  /** Moves to a path, or through history by a number of entries (-1 is Back). */
  navigate: (to: To | number, options?: NavigateOptions) => Promise<void>;
  /** Runs the current route's guards again (the session changed) and follows their redirect. */
  revalidate: () => Promise<void>;
  /** The one active blocker; returns its removal. */
  registerBlocker: (shouldBlock: ShouldBlock) => () => void;
}

export interface RouterOptions {
  /** Where the guards of the route at a path send the user instead, or null. */
  redirectFor: (target: Path) => string | null;
  /** Loads what the route at a path needs before it shows (its code); null when nothing. */
  prepare: (target: Path) => Promise<void> | null;
}

/** What the router needs of `window`; a test passes a fake. */
export interface BrowserWindow {
  readonly location: Path;
  readonly history: Pick<History, 'state' | 'pushState' | 'replaceState' | 'go'>;
  addEventListener: (type: 'popstate', listener: () => void) => void;
}

/** React Router's history entry state, so entries written before this router keep their state. */
interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const UNBLOCKED: Blocker = { state: 'unblocked' };
/** Guards that keep redirecting (a bug) stop here rather than hanging the tab. */
const MAX_REDIRECTS = 10;

export function createHistoryRouter({ redirectFor, prepare }: RouterOptions, win: BrowserWindow = window): Router {
  const listeners = new Set<() => void>();
  let blocker: Blocker = UNBLOCKED;
  let shouldBlock: ShouldBlock | null = null;
  // A popstate caused by undoing a blocked Back, and the one after "Leave" on a blocked Back.
  let ignoreNextPop = false;
  let skipBlockOnce = false;
  // A later navigation wins over one still loading its screen's code.
  let latestNavigation = 0;

  const firstEntry = readEntry(win.history.state);
  let index = firstEntry?.idx ?? 0;
  let location: AppLocation = startLocation();

  function startLocation(): AppLocation {
    const { path, redirected } = settle(currentWindowPath());
    if (firstEntry && !redirected) return { ...path, state: firstEntry.usr ?? null, key: firstEntry.key };
    const state = redirected ? null : (firstEntry?.usr ?? null);
    // Redirected or not, the entry the tab was opened on has nothing of the app before it.
    const key = redirected && firstEntry && firstEntry.key !== 'default' ? newKey() : (firstEntry?.key ?? 'default');
    win.history.replaceState(entryOf(state, key, index), '', hrefOf(path));
    return { ...path, state, key };
  }

  function currentWindowPath(): Path {
    const { pathname, search, hash } = win.location;
    return { pathname, search, hash };
  }

  /** Follows the guards' redirects from `target` to the path that may show. */
  function settle(target: Path): { path: Path; redirected: boolean } {
    let path = target;
    for (let hops = 0; hops < MAX_REDIRECTS; hops += 1) {
      const redirect = redirectFor(path);
      if (redirect === null) return { path, redirected: hops > 0 };
      path = parsePath(redirect);
    }
    console.error('The route guards kept redirecting; stopped at', hrefOf(path));
    return { path, redirected: true };
  }

  function show(next: AppLocation): void {
    location = next;
    emit();
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function setBlocker(next: Blocker): void {
    blocker = next;
    emit();
  }

  const unblock = () => setBlocker(UNBLOCKED);

  function isBlocked(nextLocation: Path): boolean {
    return shouldBlock !== null && shouldBlock({ currentLocation: location, nextLocation });
  }

  async function moveTo(target: Path, { replace = false, state }: NavigateOptions): Promise<void> {
    const navigation = ++latestNavigation;
    const { path, redirected } = settle(target);
    const entryState = redirected ? null : (state ?? null);
    const loading = prepare(path);
    if (loading) {
      await loading;
      if (navigation !== latestNavigation) return;
    }
    // Replacing the entry the tab was opened on (a sign-in returning to the page asked for) leaves
    // nothing of the app before it: Back from there must not leave the app.
    const key = replace && location.key === 'default' ? 'default' : newKey();
    if (replace) {
      win.history.replaceState(entryOf(entryState, key, index), '', hrefOf(path));
    } else {
      index += 1;
      win.history.pushState(entryOf(entryState, key, index), '', hrefOf(path));
    }
    show({ ...path, state: entryState, key });
  }

  async function onPopState(): Promise<void> {
    if (ignoreNextPop) {
      ignoreNextPop = false;
      return;
    }
    const entry = readEntry(win.history.state);
    const target = currentWindowPath();
    const delta = entry ? entry.idx - index : 0;
    if (delta !== 0 && !skipBlockOnce && isBlocked(target)) {
      // Put the browser back where it was, then ask.
      ignoreNextPop = true;
      win.history.go(-delta);
      setBlocker({
        state: 'blocked',
        proceed: () => {
          unblock();
          skipBlockOnce = true;
          win.history.go(delta);
        },
        reset: unblock,
      });
      return;
    }
    skipBlockOnce = false;
    if (entry) index = entry.idx;
    const navigation = ++latestNavigation;
    const { path, redirected } = settle(target);
    let state = entry?.usr ?? null;
    let key = entry?.key ?? newKey();
    if (redirected || !entry) {
      // An entry the router did not write (a plain #anchor), or one the guards no longer allow.
      if (redirected) state = null;
      if (redirected) key = newKey();
      if (!entry) index += 1;
      win.history.replaceState(entryOf(state, key, index), '', hrefOf(path));
    }
    const loading = prepare(path);
    if (loading) {
      await loading;
      if (navigation !== latestNavigation) return;
    }
    show({ ...path, state, key });
  }

  win.addEventListener('popstate', () => void onPopState());

  return {
    getLocation: () => location,
    getBlocker: () => blocker,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate: async (to, options = {}) => {
      if (typeof to === 'number') {
        win.history.go(to);
        return;
      }
      const target = resolveTo(to, location);
      if (isBlocked(target)) {
        setBlocker({
          state: 'blocked',
          proceed: () => {
            unblock();
            void moveTo(target, options);
          },
          reset: unblock,
        });
        return;
      }
      await moveTo(target, options);
    },
    revalidate: async () => {
      const redirect = redirectFor(location);
      if (redirect !== null) await moveTo(parsePath(redirect), { replace: true });
    },
    registerBlocker: (next) => {
      shouldBlock = next;
      return () => {
        if (shouldBlock !== next) return;
        shouldBlock = null;
        if (blocker.state === 'blocked') unblock();
      };
    },
  };
}

function entryOf(usr: unknown, key: string, idx: number): HistoryEntry {
  return { usr, key, idx };
}

function readEntry(state: unknown): HistoryEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const { usr, key, idx } = state as Partial<HistoryEntry>;
  return typeof key === 'string' && typeof idx === 'number' ? { usr, key, idx } : null;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
