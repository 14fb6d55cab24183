import { createElement, type ComponentType } from 'react';

export interface LazyScreen {
  /** Renders the screen once loaded; before that it suspends, after a failed load it throws. */
  Screen: ComponentType;
  /** Starts loading (again, after a failure); null once loaded, so navigation need not wait. */
  prepare: () => Promise<void> | null;
}

/**
 * A screen whose code loads on first use. Unlike React.lazy, a screen loaded before it renders
 * (the router awaits `prepare` before it moves to the route) renders at once, without a
 * Suspense fallback for a frame: the header and the page being left stay on screen meanwhile.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | null = null;
  let failure: { error: unknown } | null = null;
  let loading: Promise<void> | null = null;

  const start = (): Promise<void> =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failure = { error };
        loading = null;
      },
    ));

  function Screen() {
    if (loaded) return createElement(loaded);
    if (failure) throw failure.error;
    // Suspense shows its fallback until the code is in (the first screen of a page load).
    throw start();
  }

  return {
    Screen,
    prepare: () => {
      if (loaded) return null;
      failure = null;
      return start();
    },
  };
}
