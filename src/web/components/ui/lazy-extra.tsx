import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

// docs/decisions/087. An extra is a part of a screen the screen works without (the day's
// capacity, the first-use card, the toasts, a panel, a dialog), whose code loads after the
// first paint (docs/decisions/074). React's `lazy` throws a failed load to the nearest error
// boundary, which on the board is the whole day's column, and keeps the failure for good: a phone
// that lost the Wi-Fi before the service worker kept that file (or any device on a plain-HTTP
// address, which has no service worker) saw seven days that "could not be shown" instead of its
// orders. An extra that cannot load shows nothing, and is fetched again when the browser is back
// online or the extra is next drawn.

/** A component whose code is fetched on first render; nothing until it is there, nothing if it cannot be fetched. */
export function lazyExtra<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  let loaded: ComponentType<P> | null = null;
  let isLoading = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function start(): void {
    if (loaded || isLoading) return;
    isLoading = true;
    load().then(
      (component) => {
        loaded = component;
        isLoading = false;
        for (const listener of listeners) listener();
      },
      (err: unknown) => {
        isLoading = false;
        console.warn('Shown without an extra whose code could not be fetched; trying again when back online.', err);
        window.addEventListener('online', start, { once: true });
      },
    );
  }
  return function LazyExtra(props: P): ReactNode {
    const Component = useSyncExternalStore(subscribe, () => loaded);
    useEffect(start, []);
    return Component ? <Component {...props} /> : null;
  };
}
