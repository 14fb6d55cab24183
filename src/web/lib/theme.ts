// Light or dark (docs/decisions/050): the device's own setting unless this device was told
// otherwise in Settings. The inline boot script (web/boot/apply-theme.ts) applies it before the
// first paint and follows changes; Settings writes the choice. Kept out of the board's first file
// (vite.config.ts): the board itself never reads it.

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

/** How this device looks, not the person's data: it stays on the device through a sign-out. */
export const THEME_STORAGE_KEY = 'trolleyboard_theme';

/** The class on `<html>` that remaps the palette (styles.css). */
export const DARK_CLASS = 'dark';

/**
 * The browser's bar above the app: the product's green in light (the manifest's theme colour),
 * the dark header's own colour (slate-900) in dark, so the bar and the header meet without a seam.
 */
export const THEME_BAR_COLOURS: Record<Theme, string> = { light: '#047857', dark: '#0f172a' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The stored choice; anything unreadable or unknown is "system". */
export function readThemeChoice(storage: Pick<Storage, 'getItem'>): ThemeChoice {
  try {
    const stored = storage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(choice: ThemeChoice, deviceIsDark: boolean): Theme {
  if (choice === 'system') return deviceIsDark ? 'dark' : 'light';
  return choice;
}

/** Sets the class (styles.css gives it the palette and `color-scheme`) and the browser bar's colour. */
export function applyTheme(doc: Document, theme: Theme): void {
  doc.documentElement.classList.toggle(DARK_CLASS, theme === 'dark');
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_BAR_COLOURS[theme]);
}

/** Applies what this window's stored choice and the device's setting say now. */
export function applyCurrentTheme(win: Window): Theme {
  const theme = resolveTheme(readThemeChoice(win.localStorage), win.matchMedia(DARK_QUERY).matches);
  applyTheme(win.document, theme);
  return theme;
}

/** Applies the theme now and again whenever the device's setting or another tab's choice changes. */
export function followTheme(win: Window): void {
  applyCurrentTheme(win);
  win.matchMedia(DARK_QUERY).addEventListener('change', () => applyCurrentTheme(win));
  win.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyCurrentTheme(win);
  });
}

/** Settings' choice: kept on this device and applied at once. */
export function chooseTheme(win: Window, choice: ThemeChoice): void {
  try {
    if (choice === 'system') win.localStorage.removeItem(THEME_STORAGE_KEY);
    else win.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (a private window's quota): the choice holds until the page is left.
  }
  const theme = resolveTheme(choice, win.matchMedia(DARK_QUERY).matches);
  applyTheme(win.document, theme);
}
