import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingScreen } from '../components/ui/loading-screen';
import BoardPage from '../features/board/board-page';
import { AppLayout } from './shell/app-layout';
import type { Ability } from '#domain/accounts/role-abilities';
import { adminHashRedirect, loggedOutOnly, requireLogin, requireReady, unknownPath } from './gate';
import { NotForYourRole } from './not-for-your-role';
import { useCan } from '../lib/use-role';
import { useLocation } from '../lib/router/hooks';
import { paths } from '../lib/paths';
import { createHistoryRouter, type Router } from '../lib/router/history-router';
import { lazyScreen } from '../lib/router/lazy-screen';
import { ANY_PATH } from '../lib/router/match-route';
import { findRoute, redirectFor, type Guard, type Route } from '../lib/router/route-table';
import { RouteView } from '../lib/router/route-view';

// The error screen loads when a route fails, not with the board (first-paint budget, decision 006).
const RouteError = lazy(() => import('./route-error').then((m) => ({ default: m.RouteError })));

function renderRouteError(error: unknown) {
  return (
    <Suspense fallback={<p role="alert">Something went wrong while processing your request.</p>}>
      <RouteError error={error} />
    </Suspense>
  );
}

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * A lazily loaded screen that reads server data: its module's default export, inside the app's
 * QueryClient provider (lib/query-provider.tsx).
 */
function page(load: ScreenModule): Pick<Route, 'Screen' | 'prepare'> {
  return lazyScreen(async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('../lib/query-provider')]);
    return function ScreenWithQueries() {
      return (
        <QueryProvider>
          <Screen />
        </QueryProvider>
      );
    };
  });
}

/** A lazily loaded account screen that talks to the SDK directly (sign-in, sign-up, reset). */
function accountPage(load: ScreenModule): Pick<Route, 'Screen' | 'prepare'> {
  return lazyScreen(async () => (await load()).default);
}

/**
 * A screen only some roles may open: anyone else who reaches it by its address reads a sentence
 * saying so (docs/decisions/067), where they used to be sent to the board without a word.
 */
function onlyFor(ability: Ability, screen: string, inner: Pick<Route, 'Screen' | 'prepare'>): Pick<Route, 'Screen' | 'prepare'> {
  const Inner = inner.Screen;
  function GatedScreen() {
    const allowed = useCan(ability);
    if (!allowed || !Inner) return <NotForYourRole ability={ability} screen={screen} />;
    return <Inner />;
  }
  return { Screen: GatedScreen, prepare: inner.prepare };
}

// The trolley mapper's one screen serves both of its addresses, so the address can follow a new
// plan's first save without a new screen (features/trolley-mapper/mapper-screen.tsx).
// New runs are for editors: a viewer who types the address reads why (docs/decisions/067).
const mapperInner = page(() => import('../features/trolley-mapper/mapper-screen'));
const MapperInner = mapperInner.Screen;
function MapperScreen() {
  const { pathname } = useLocation();
  const allowed = useCan('edit');
  if (pathname === paths.trolleyMapper && !allowed) return <NotForYourRole ability="edit" screen="New run" />;
  return MapperInner ? <MapperInner /> : null;
}
const mapperScreen: Pick<Route, 'Screen' | 'prepare'> = { Screen: MapperScreen, prepare: mapperInner.prepare };

// Signed-in screens: header and page frame, and the access gate.
const gated = { guards: [requireReady], Layout: AppLayout } as const;
const loggedOut: readonly Guard[] = [loggedOutOnly];

// The board is the only screen in the first chunk (budget: 110 KB gzip before first paint);
// every other screen is its own chunk. The first route whose path matches is shown.
export const routes: readonly Route[] = [
  { path: paths.board, ...gated, Screen: BoardPage },
  { path: paths.collect, ...gated, ...page(() => import('../features/board/collect-page')) },
  { path: paths.holding, ...gated, ...page(() => import('../features/holding/holding-page')) },
  { path: paths.runs, ...gated, ...page(() => import('../features/runs/runs-page')) },
  { path: paths.runViewPattern, ...gated, ...mapperScreen },
  { path: paths.search, ...gated, ...page(() => import('../features/search/search-page')) },
  { path: paths.customers, ...gated, ...page(() => import('../features/customers/customers-page')) },
  {
    path: paths.linkOrders,
    ...gated,
    ...onlyFor(
      'customers',
      'Link orders',
      page(() => import('../features/link-orders/link-orders-page')),
    ),
  },
  { path: paths.poolStatement, ...gated, ...page(() => import('../features/pool-statement/pool-statement-page')) },
  { path: paths.plantLabels, ...gated, ...page(() => import('../features/plant-labels/plant-labels-page')) },
  { path: paths.fleet, ...gated, ...page(() => import('../features/fleet/fleet-page')) },
  {
    path: paths.deleted,
    ...gated,
    ...onlyFor(
      'restore',
      'Deleted',
      page(() => import('../features/deleted/deleted-page')),
    ),
  },
  {
    path: paths.createOrder,
    ...gated,
    ...onlyFor(
      'edit',
      'Add Order',
      page(() => import('../features/create-order/create-order-page')),
    ),
  },
  { path: paths.editOrderPattern, ...gated, ...page(() => import('../features/edit-order/edit-order-page')) },
  { path: paths.pickSheetPattern, ...gated, ...page(() => import('../features/pick-sheet/pick-sheet-page')) },
  { path: paths.trolleyMapper, ...gated, ...mapperScreen },
  {
    path: paths.team,
    ...gated,
    ...onlyFor(
      'team',
      'Team',
      page(() => import('../features/team/team-page')),
    ),
  },
  // Not gated: a signed-in user who is not verified yet can still reach account links.
  { path: paths.settings, Layout: AppLayout, ...page(() => import('../features/settings/settings-page')) },
  { path: paths.acceptTerms, guards: [requireLogin], ...accountPage(() => import('../features/auth/accept-terms-page')) },
  { path: paths.changePassword, guards: [requireLogin], ...accountPage(() => import('../features/auth/change-password-page')) },
  { path: paths.noNursery, guards: [requireLogin], ...accountPage(() => import('../features/auth/no-nursery-page')) },
  // Anyone: a visitor signs up or signs in from it, someone signed in accepts.
  { path: paths.invitePattern, ...accountPage(() => import('../features/auth/invite-page')) },
  // A driver's link: no sign-in, no header; its own chunk with the signature pad (docs/decisions/044).
  { path: paths.driverPattern, ...accountPage(() => import('../features/driver/driver-page')) },
  { path: paths.terms, ...page(() => import('../features/legal/terms-page')) },
  { path: paths.privacy, ...page(() => import('../features/legal/privacy-page')) },
  { path: paths.forgotPassword, ...accountPage(() => import('../features/auth/forgot-password-page')) },
  { path: paths.confirmPasswordResetPattern, ...accountPage(() => import('../features/auth/reset-password-page')) },
  { path: paths.resetPassword, ...accountPage(() => import('../features/auth/reset-password-page')) },
  { path: paths.login, guards: loggedOut, ...accountPage(() => import('../features/auth/login-page')) },
  { path: paths.resendVerification, guards: loggedOut, ...accountPage(() => import('../features/auth/resend-verification-page')) },
  {
    path: paths.confirmVerificationPattern,
    guards: loggedOut,
    ...accountPage(() => import('../features/auth/confirm-verification-page')),
  },
  // Signed in or not: the link may be opened on another device than the yard screen.
  { path: paths.confirmEmailChangePattern, ...accountPage(() => import('../features/auth/confirm-email-change-page')) },
  { path: paths.adminRedirect, guards: [loggedOutOnly, adminHashRedirect], Screen: null },
  { path: ANY_PATH, guards: [unknownPath], Screen: null },
];

/** The router of the page: guards run before every move, screens' code loads before they show. */
export function createAppRouter(): Router {
  return createHistoryRouter({
    redirectFor: (target) => redirectFor(routes, target),
    prepare: (target) => findRoute(routes, target.pathname)?.route.prepare?.() ?? null,
  });
}

/** The screen of the current route; LoadingScreen while the first screen's code loads. */
export function AppRoutes() {
  return <RouteView routes={routes} fallback={<LoadingScreen />} renderError={renderRouteError} />;
}
