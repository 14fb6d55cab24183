import { loadPb } from './lazy-pb';
import { forgetDevice } from './offline/keep-on-device';
import { sessionState } from './session';

let refreshing: Promise<boolean> | null = null;

/**
 * Refreshes the stored auth record once per page load, so a verification or terms change made
 * on another device (or by the mail link in another tab) is seen by the access gate.
 * Resolves true when that changed where the user stands at the gate (the caller re-runs the gate).
 * A token the server no longer accepts (401/403/404) ends the session; a network failure keeps it,
 * because the yard Wi-Fi drops out and staff should not be signed out by that.
 */
export function refreshSessionOnce(): Promise<boolean> {
  refreshing ??= refresh();
  return refreshing;
}

async function refresh(): Promise<boolean> {
  const before = sessionState();
  let pb;
  try {
    pb = await loadPb();
  } catch (err) {
    console.warn('Could not load the API client; the session is checked on the next page load.', err);
    return false;
  }
  if (!pb.authStore.isValid) return before !== 'logged-out';
  try {
    await pb.collection('users').authRefresh();
  } catch (err) {
    const status = (err as { status?: unknown } | null)?.status;
    if (status === 401 || status === 403 || status === 404) {
      pb.authStore.clear();
      // The session is over: what was kept for this person leaves the device with it.
      await forgetDevice().catch(() => undefined);
    } else {
      console.warn('Could not refresh the session; keeping the stored one.', err);
    }
  }
  return sessionState() !== before;
}
