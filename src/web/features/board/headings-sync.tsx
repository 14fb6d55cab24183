import { useWeekHeadings } from '../../lib/settings/use-week-headings';

/**
 * Refreshes user_settings_cache from the server; the board's route headings follow the cache.
 * Its own chunk: the headings are already painted from the cache, so this need not hold up the
 * orders.
 */
export default function HeadingsSync() {
  useWeekHeadings();
  return null;
}
