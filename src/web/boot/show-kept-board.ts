// Inlined at the end of index.html's body, just after `#root` (scripts/inline-boot-script.ts): on a
// repeat visit to the weekly board, puts the board as it was last on screen into `#root` at once,
// marked with its age, while the app's script is still starting (docs/decisions/051). The app's
// first render has the same orders (lib/offline/keep-on-device.ts reads them from the same entry)
// and takes this markup over element by element; until then nothing in it answers a tap. Tiny, as
// it is part of every page's HTML.
import { clockLabel } from '../lib/clock-label';
import { KEPT_BOARD_ATTRIBUTE, readKeptBoard, stylesheetHref } from '../lib/offline/kept-board';
import { offeredWeek } from '../lib/orders/week-prefetch';
import { readStoredAuthText } from '../lib/stored-auth';

function showKeptBoard(): void {
  const root = document.getElementById('root');
  // The first boot script (prefetch-week.ts) asked for the week's orders only on the board, with a
  // session still valid, and for the week the board opens at: the URL's, else today's.
  const week = offeredWeek();
  const board = readKeptBoard();
  if (!root || root.firstChild || !week || !board || board.year !== week.year || board.week !== week.week) return;
  const user = (JSON.parse(readStoredAuthText()) as { record?: { id?: unknown } | null }).record?.id;
  if (board.user !== user || board.styles !== stylesheetHref()) return;
  // Set before the markup: the heights its sticky parts are placed by, as the app will set them.
  for (const [name, value] of Object.entries(board.variables)) document.documentElement.style.setProperty(name, value);
  root.innerHTML = board.html;
  root.setAttribute(KEPT_BOARD_ATTRIBUTE, '');
  root.inert = true;
  root.style.pointerEvents = 'none';
  // The header says what the app's first render will say: a copy kept on this device, and its age.
  const live = root.querySelector('[data-live]');
  const label = live?.querySelector('[data-live-label]');
  if (!live || !label) return;
  live.setAttribute('data-live', 'false');
  live.firstElementChild?.classList.replace('bg-emerald-500', 'bg-amber-500');
  label.textContent = `${navigator.onLine ? 'On this device' : 'Offline'} · as of ${clockLabel(board.at)}`;
}

try {
  showKeptBoard();
} catch (err) {
  // The app draws the board itself when this did not.
  console.warn('Could not show the board kept on this device.', err);
}
