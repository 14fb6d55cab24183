import type { ComponentType } from 'react';
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
import { RouteError } from './route-error';

/** A lazily loaded screen: its module's default export becomes the route component. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

// The board is the only screen in the first chunk (budget: 110 KB gzip before first paint);
// every other screen is its own chunk.
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      {
        id: 'layout',
        Component: AppLayout,
        children: [
          {
            id: 'gate',
            loader: requireReadyLoader,
            shouldRevalidate: alwaysRevalidate,
            ErrorBoundary: RouteError,
            children: [
              { index: true, Component: BoardPage },
              { path: paths.collect, lazy: page(() => import('../features/collect/collect-page')) },
              { path: paths.holding, lazy: page(() => import('../features/holding/holding-page')) },
              { path: paths.runs, lazy: page(() => import('../features/runs/runs-page')) },
              { path: paths.runViewPattern, lazy: page(() => import('../features/runs/run-view-page')) },
              { path: paths.search, lazy: page(() => import('../features/search/search-page')) },
              { path: paths.createOrder, lazy: page(() => import('../features/create-order/create-order-page')) },
              { path: paths.editOrderPattern, lazy: page(() => import('../features/edit-order/edit-order-page')) },
              { path: paths.pickSheetPattern, lazy: page(() => import('../features/pick-sheet/pick-sheet-page')) },
              { path: paths.trolleyMapper, lazy: page(() => import('../features/trolley-mapper/trolley-mapper-page')) },
            ],
          },
          // Not gated: a signed-in user who is not verified yet can still reach account links.
          { path: paths.settings, ErrorBoundary: RouteError, lazy: page(() => import('../features/settings/settings-page')) },
        ],
      },
      {
        path: paths.acceptTerms,
        loader: requireLoginLoader,
        shouldRevalidate: alwaysRevalidate,
        lazy: page(() => import('../features/auth/accept-terms-page')),
      },
      { path: paths.terms, lazy: page(() => import('../features/legal/terms-page')) },
      { path: paths.privacy, lazy: page(() => import('../features/legal/privacy-page')) },
      { path: paths.forgotPassword, lazy: page(() => import('../features/auth/forgot-password-page')) },
      { path: paths.confirmPasswordResetPattern, lazy: page(() => import('../features/auth/reset-password-page')) },
      { path: paths.resetPassword, lazy: page(() => import('../features/auth/reset-password-page')) },
      {
        id: 'logged-out-only',
        loader: loggedOutOnlyLoader,
        shouldRevalidate: alwaysRevalidate,
        children: [
          { path: paths.login, lazy: page(() => import('../features/auth/login-page')) },
          { path: paths.resendVerification, lazy: page(() => import('../features/auth/resend-verification-page')) },
          {
            path: paths.confirmVerificationPattern,
            lazy: page(() => import('../features/auth/confirm-verification-page')),
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
