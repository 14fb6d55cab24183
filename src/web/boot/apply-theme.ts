// Inlined into index.html before anything else (scripts/inline-boot-script.ts): the page is light
// or dark from its first paint, never a white flash before the app's scripts arrive, and it follows
// the device's setting and other tabs' choices from then on (docs/decisions/050).
import { followTheme } from '../lib/theme';

try {
  followTheme(window);
} catch (err) {
  // The page stays light; it still works.
  console.warn('Could not apply the theme.', err);
}
