// React Router's hooks, as far as the app uses them, over the history router's store.
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Blocker, NavigateOptions, Router, ShouldBlock } from './history-router';
import type { AppLocation } from './location';
import type { Params } from './match-route';

export const RouterContext = createContext<Router | null>(null);
/** The current route's parameters; provided by RouteView. */
export const ParamsContext = createContext<Params>({});

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links work only inside <RouterProvider>.');
  return router;
}

export function useLocation(): AppLocation {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, router.getLocation);
}

/** `navigate(path, { replace, state })` or `navigate(-1)`; the same function on every render. */
export function useNavigate(): Router['navigate'] {
  return useRouter().navigate;
}

export function useParams(): Params {
  return useContext(ParamsContext);
}

type SearchParamsUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);
export type SetSearchParams = (next: SearchParamsUpdate, options?: NavigateOptions) => void;

/** The query string, and a setter that navigates to the same path with a new one. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      // The functional form sees the URL as it is now, not as it was at this render.
      const value = typeof next === 'function' ? next(new URLSearchParams(router.getLocation().search)) : next;
      void router.navigate({ search: value.toString() }, options);
    },
    [router],
  );
  return [params, setParams];
}

/**
 * Holds navigations inside the app (links, navigate, Back) for which `shouldBlock` says so,
 * until the caller proceeds or resets. One blocker at a time, as in React Router.
 */
export function useBlocker(shouldBlock: ShouldBlock): Blocker {
  const router = useRouter();
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => router.registerBlocker((move) => latest.current(move)), [router]);
  return useSyncExternalStore(router.subscribe, router.getBlocker);
}
