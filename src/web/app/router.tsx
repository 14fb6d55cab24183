import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import BoardPage from '../features/board/board-page';
import { AppLayout } from './shell/app-layout';
import {
  adminHashRedirectLoader,
  alwaysRevalidate,
  loggedOutOnlyLoader,
  requireLoginLoader,
  requireReadyLoader,
  unknownPathLoader,
} from './gate';
import { paths } from './paths';

// The error screen loads when a route fails, not with the board (first-paint budget, decision 006).
const RouteError = lazy(() => import('./route-error').then((m) => ({ default: m.RouteError })));

function RouteErrorBoundary() {
  return (
    <Suspense fallback={<p role="alert">Something went wrong while processing your request.</p>}>
      <RouteError />
    </Suspense>
  );
}

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * A lazily loaded screen that reads server data: its module's default export becomes the route
 * component, inside the app's QueryClient provider (lib/query-provider.tsx).
 */
function page(load: ScreenModule): RouteObject['lazy'] {
  return async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('../lib/query-provider')]);
    return {
      Component: () => (
        <QueryProvider>
          <Screen />
        </QueryProvider>
      ),
    };
  };
}

/** A lazily loaded account screen that talks to the SDK directly (sign-in, sign-up, reset). */
function accountPage(load: ScreenModule): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

// The board is the only screen in the first chunk (budget: 110 KB gzip before first paint);
// every other screen is its own chunk.
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        id: 'layout',
        Component: AppLayout,
        children: [
          {
            id: 'gate',
            loader: requireReadyLoader,
            shouldRevalidate: alwaysRevalidate,
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, Component: BoardPage },
              { path: paths.collect, lazy: page(() => import('../features/board/collect-page')) },
              { path: paths.holding, lazy: page(() => import('../features/holding/holding-page')) },
              { path: paths.runs, lazy: page(() => import('../features/runs/runs-page')) },
              { path: paths.runViewPattern, lazy: page(() => import('../features/trolley-mapper/run-view-page')) },
              { path: paths.search, lazy: page(() => import('../features/search/search-page')) },
              { path: paths.createOrder, lazy: page(() => import('../features/create-order/create-order-page')) },
              { path: paths.editOrderPattern, lazy: page(() => import('../features/edit-order/edit-order-page')) },
              { path: paths.pickSheetPattern, lazy: page(() => import('../features/pick-sheet/pick-sheet-page')) },
              { path: paths.trolleyMapper, lazy: page(() => import('../features/trolley-mapper/trolley-mapper-page')) },
            ],
          },
          // Not gated: a signed-in user who is not verified yet can still reach account links.
          { path: paths.settings, ErrorBoundary: RouteErrorBoundary, lazy: page(() => import('../features/settings/settings-page')) },
        ],
      },
      {
        path: paths.acceptTerms,
        loader: requireLoginLoader,
        shouldRevalidate: alwaysRevalidate,
        lazy: accountPage(() => import('../features/auth/accept-terms-page')),
      },
      { path: paths.terms, lazy: page(() => import('../features/legal/terms-page')) },
      { path: paths.privacy, lazy: page(() => import('../features/legal/privacy-page')) },
      { path: paths.forgotPassword, lazy: accountPage(() => import('../features/auth/forgot-password-page')) },
      { path: paths.confirmPasswordResetPattern, lazy: accountPage(() => import('../features/auth/reset-password-page')) },
      { path: paths.resetPassword, lazy: accountPage(() => import('../features/auth/reset-password-page')) },
      {
        id: 'logged-out-only',
        loader: loggedOutOnlyLoader,
        shouldRevalidate: alwaysRevalidate,
        children: [
          { path: paths.login, lazy: accountPage(() => import('../features/auth/login-page')) },
          { path: paths.resendVerification, lazy: accountPage(() => import('../features/auth/resend-verification-page')) },
          {
            path: paths.confirmVerificationPattern,
            lazy: accountPage(() => import('../features/auth/confirm-verification-page')),
          },
          { path: paths.adminRedirect, loader: adminHashRedirectLoader, Component: null },
        ],
      },
      { path: '*', loader: unknownPathLoader, Component: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
