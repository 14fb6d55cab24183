// Inlined into index.html (scripts/inline-boot-script.ts) and run while the app's scripts are
// still downloading: on the board, a signed-in browser asks for the week's orders at once, so on
// slow yard Wi-Fi the answer is there when the board first renders (issue 7's budget,
// docs/decisions/014). Everything here must stay tiny: it is part of every page's HTML.
import { BOARD_PATH } from '../lib/paths';
import { apiUrl } from '../lib/config';
import { offerWeekPrefetch } from '../lib/orders/week-prefetch';
import { weekOrdersUrl } from '../lib/orders/week-request';
import { parseStoredAuth, readStoredAuthText } from '../lib/stored-auth';
import { localToday } from '../lib/today';
import { weekFromParams } from '../lib/week-params';

function prefetchWeek(): void {
  if (location.pathname !== BOARD_PATH) return;
  const auth = parseStoredAuth(readStoredAuthText());
  if (!auth) return;
  // The same week the board picks on a fresh page load: the URL's, else today's.
  const { year, week } = weekFromParams(new URLSearchParams(location.search), localToday(new Date()).week);
  const answer = fetch(weekOrdersUrl(apiUrl, year, week), { headers: { Authorization: auth.token }, priority: 'high' }).then((response) =>
    response.ok ? response.json() : null,
  );
  offerWeekPrefetch({ year, week, token: auth.token, answer });
}

try {
  prefetchWeek();
} catch (err) {
  // The board asks for its orders itself when this did not.
  console.warn('Could not prefetch the week; the board will ask for it.', err);
}
