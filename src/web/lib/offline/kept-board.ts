// The weekly board as it was last on screen, kept in localStorage so that the next visit can show
// it before the app's script has even run (docs/decisions/051): its markup, for the inline boot
// script to put on the page (boot/show-kept-board.ts), and its week's orders, which the app reads
// synchronously so its first render has the same orders and takes that markup over as it is.
// No dependencies: the boot script bundles this file.

/** One board kept on the device: whose, which week, how old, its markup and its orders. */
export interface KeptBoard {
  /** The signed-in person it was on screen for; anyone else never sees it. */
  user: string;
  year: number;
  week: number;
  /** When the orders it shows arrived from the server (their query's dataUpdatedAt). */
  at: number;
  /** The stylesheet the markup was drawn with: a new build's classes may differ, so it is not shown then. */
  styles: string;
  /** The page's `#root` markup with the orders on screen. */
  html: string;
  /** The CSS variables set on `<html>` then (the header's and day strip's heights): set again with the markup. */
  variables: Record<string, string>;
  /** The week query's key, hash and data, as kept-queries keeps them in IndexedDB. */
  key: readonly unknown[];
  hash: string;
  data: unknown;
}

export const KEPT_BOARD_KEY = 'trolleyboard_kept_board';

/** Marks `#root` while it shows the kept markup: nothing in it answers a tap until the app has taken it over. */
export const KEPT_BOARD_ATTRIBUTE = 'data-kept-board';

/** The href of the page's stylesheet: the build the markup belongs to. */
export function stylesheetHref(): string {
  return document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href ?? '';
}

/** The board kept on this device, or null when there is none or it cannot be read. */
export function readKeptBoard(): KeptBoard | null {
  try {
    const text = localStorage.getItem(KEPT_BOARD_KEY);
    if (!text) return null;
    const board = JSON.parse(text) as Partial<KeptBoard> | null;
    return board &&
      typeof board.user === 'string' &&
      typeof board.html === 'string' &&
      typeof board.hash === 'string' &&
      typeof board.variables === 'object'
      ? (board as KeptBoard)
      : null;
  } catch {
    return null;
  }
}

/** Keeps the board; a full or missing localStorage leaves the next visit as it was without. */
export function writeKeptBoard(board: KeptBoard): void {
  try {
    localStorage.setItem(KEPT_BOARD_KEY, JSON.stringify(board));
  } catch {
    forgetKeptBoard();
  }
}

export function forgetKeptBoard(): void {
  try {
    localStorage.removeItem(KEPT_BOARD_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
