import { useLayoutEffect, useRef } from 'react';

/** Dispatched on `<html>` when one of these variables changes: what was scrolled under them may need placing again. */
export const HEIGHT_VARIABLE_CHANGE = 'trolleyboard:height-variable';

type Dimension = 'height' | 'width';

/** The elements measured, with the variable each one sets. */
const watched = new Map<Element, { variable: `--${string}`; dimension: Dimension }>();
let observer: ResizeObserver | null = null;

/**
 * One observer for every variable, so the shell's first sizes are all written in one go and what
 * listens for a change (it may read the page's layout) is told once: each write restyles the page.
 */
function writeSizes(entries: readonly ResizeObserverEntry[]): void {
  const root = document.documentElement;
  let isChanged = false;
  for (const entry of entries) {
    const what = watched.get(entry.target);
    const size = entry.borderBoxSize[0];
    if (!what || !size) continue;
    // The border box, rounded as offsetHeight and offsetWidth round it.
    const value = `${Math.round(what.dimension === 'height' ? size.blockSize : size.inlineSize)}px`;
    if (root.style.getPropertyValue(what.variable) === value) continue;
    root.style.setProperty(what.variable, value);
    isChanged = true;
  }
  if (isChanged) root.dispatchEvent(new Event(HEIGHT_VARIABLE_CHANGE));
}

/**
 * Keeps a CSS variable on the page (e.g. `--app-header-height`) at an element's height (or width) as it changes,
 * for what sticks below that element or scrolls to just under it. Returns the element's ref.
 * Written only when it changes: a change restyles every element of the page, and a repeat visit
 * starts with the values the kept board was drawn with (docs/decisions/051).
 * Measured only by the ResizeObserver, whose first report comes after the frame's layout and
 * before its paint: read at mount (offsetHeight in the layout effect), each of the shell's
 * variables forced a style and layout of the whole freshly rendered board, one after the other
 * (docs/decisions/084).
 */
export function useHeightVariable<T extends HTMLElement>(variable: `--${string}`, dimension: Dimension = 'height') {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    watched.set(element, { variable, dimension });
    observer ??= new ResizeObserver(writeSizes);
    observer.observe(element);
    return () => {
      observer?.unobserve(element);
      watched.delete(element);
      document.documentElement.style.removeProperty(variable);
    };
  }, [variable, dimension]);
  return ref;
}
