import { useLayoutEffect, useRef } from 'react';

/** Dispatched on `<html>` when one of these variables changes: what was scrolled under them may need placing again. */
export const HEIGHT_VARIABLE_CHANGE = 'trolleyboard:height-variable';

/**
 * Keeps a CSS variable on the page (e.g. `--app-header-height`) at an element's height (or width) as it changes,
 * for what sticks below that element or scrolls to just under it. Returns the element's ref.
 * Written only when it changes: a change restyles every element of the page, and a repeat visit
 * starts with the values the kept board was drawn with (docs/decisions/051).
 */
export function useHeightVariable<T extends HTMLElement>(variable: `--${string}`, dimension: 'height' | 'width' = 'height') {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const value = `${dimension === 'height' ? element.offsetHeight : element.offsetWidth}px`;
      if (root.style.getPropertyValue(variable) === value) return;
      root.style.setProperty(variable, value);
      root.dispatchEvent(new Event(HEIGHT_VARIABLE_CHANGE));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [variable, dimension]);
  return ref;
}
