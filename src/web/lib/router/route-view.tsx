import { Component, Suspense, useMemo, type ReactNode } from 'react';
import type { Router } from './history-router';
import { ParamsContext, RouterContext, useLocation } from './hooks';
import { findRoute, type Route } from './route-table';

export function RouterProvider({ router, children }: { router: Router; children: ReactNode }) {
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

interface RouteViewProps {
  routes: readonly Route[];
  /** Shown while the first screen of a page load fetches its code. */
  fallback: ReactNode;
  /** Shown instead of a screen that threw while rendering or whose code failed to load. */
  renderError: (error: unknown) => ReactNode;
}

/**
 * Renders the route at the current location. The location has passed the route's guards already
 * (history-router), so the first render shows the right screen. A screen's error replaces only
 * the screen, inside its layout (the header stays); a layout's error replaces the page.
 */
export function RouteView({ routes, fallback, renderError }: RouteViewProps) {
  const location = useLocation();
  const match = useMemo(() => findRoute(routes, location.pathname), [routes, location.pathname]);
  const Screen = match?.route.Screen;
  if (!match || !Screen) return null;
  // The key alone stays "default" when the tab's first entry is replaced; the path still moved on.
  const resetKey = `${location.key} ${location.pathname}${location.search}`;
  const { Layout } = match.route;
  const screen = (
    <RouteErrorBoundary resetKey={resetKey} renderError={renderError}>
      <Screen />
    </RouteErrorBoundary>
  );
  return (
    <ParamsContext.Provider value={match.params}>
      <RouteErrorBoundary resetKey={resetKey} renderError={renderError}>
        <Suspense fallback={fallback}>{Layout ? <Layout>{screen}</Layout> : screen}</Suspense>
      </RouteErrorBoundary>
    </ParamsContext.Provider>
  );
}

interface BoundaryProps {
  /** A new value (the next navigation) clears the error, as React Router's boundaries do. */
  resetKey: string;
  renderError: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  resetKey: string;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failure: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  override render(): ReactNode {
    return this.state.failure ? this.props.renderError(this.state.failure.error) : this.props.children;
  }
}
