import { lazyExtra } from '../components/ui/lazy-extra';
import { watchConnection } from '../lib/offline/connection';
import { keepOnDevice } from '../lib/offline/keep-on-device';
import { registerServiceWorker } from '../lib/offline/service-worker';
import { queryClient } from '../lib/query-client';
import { currentUser } from '../lib/session';
import { refreshSessionOnce } from '../lib/session-refresh';
import { useIdleReload } from '../lib/use-idle-reload';
import { AppProviders } from './providers';
import { RouterProvider } from '../lib/router/route-view';
import { AppRoutes, createAppRouter } from './routes';

const router = createAppRouter();

// The gate first judges the stored session so the board paints at once; when the one auth
// refresh of this page load changes the verdict (verified or agreed elsewhere, or the account
// is gone), the gate runs again and redirects.
void refreshSessionOnce().then((changed) => {
  if (changed) void router.revalidate();
});

// The answers kept on the device are read while the board renders, to show at once; the
// service worker is registered once the page has loaded and the browser is idle (docs/decisions/046).
void keepOnDevice(queryClient, currentUser()?.id);
watchConnection();
registerServiceWorker();

// react-hot-toast is not needed to paint the board; toasts raised before it loads are kept in
// its store and shown once it mounts. As an extra, a toaster that cannot be fetched (offline on a
// first visit) leaves the app standing and is fetched again when the connection returns.
const AppToaster = lazyExtra(() => import('../components/ui/toaster').then((m) => m.default));

export function App() {
  useIdleReload();
  return (
    <AppProviders>
      <RouterProvider router={router}>
        <AppRoutes />
      </RouterProvider>
      {/* Toasts are not part of the board kept on the device for the next visit (keep-board.ts). */}
      <div data-not-kept="">
        <AppToaster />
      </div>
    </AppProviders>
  );
}
