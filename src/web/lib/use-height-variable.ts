import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps a CSS variable on the page (e.g. `--app-header-height`) at an element's height as it changes,
 * for what sticks below that element or scrolls to just under it. Returns the element's ref.
 */
export function useHeightVariable<T extends HTMLElement>(variable: `--${string}`) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(variable, `${element.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [variable]);
  return ref;
}
