import type { Locator } from '@playwright/test';

type BrowserStyle = { getComputedStyle(element: unknown): Record<string, string> };

/**
 * An element's computed style, as the browser paints it: the named properties (camelCase), read in
 * the page. The journeys are type-checked without the DOM, hence the browser's function is named
 * through globalThis.
 */
export function computedStyle<Name extends string>(locator: Locator, names: readonly Name[]): Promise<Record<Name, string>> {
  return locator.evaluate((element, keys) => {
    const style = (globalThis as unknown as BrowserStyle).getComputedStyle(element);
    return Object.fromEntries(keys.map((key) => [key, style[key]]));
  }, names) as Promise<Record<Name, string>>;
}
