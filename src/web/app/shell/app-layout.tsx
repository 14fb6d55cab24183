import type { ReactNode } from 'react';
import { useLocation } from '../../lib/router/hooks';
import { pageKeyOf } from '../../lib/router/location';
import { sessionState } from '../../lib/session';
import { useCurrentUser } from '../../lib/use-current-user';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { AppHeader } from './app-header';
import { BottomBar } from './bottom-bar';
import { FetchingOrdersOverlay } from './fetching-orders-overlay';
import { NeedsConnection } from './needs-connection';
import { NewVersionBar } from './new-version-bar';
import { SideBar } from './side-bar';

/**
 * Header, navigation and page for every signed-in screen (and settings). Each is its own error
 * boundary. The navigation (side bar on desktops, bottom bar on phones and tablets,
 * docs/decisions/067) is for people who may use the app; Settings also opens before that.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  // A page that failed must not stay failed after the user navigates away.
  const pageKey = pageKeyOf(useLocation());
  const hasNavigation = sessionState(useCurrentUser()) === 'ready';
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <NewVersionBar />
      <PanelErrorBoundary panelName="The header">
        <AppHeader />
      </PanelErrorBoundary>
      <div className="flex">
        {hasNavigation && (
          <PanelErrorBoundary panelName="The menu">
            <SideBar />
          </PanelErrorBoundary>
        )}
        {/* Below lg the bottom bar is fixed over the page's foot: the page ends above it. */}
        <main
          className={`mx-auto max-w-screen-2xl min-w-0 flex-1 ${hasNavigation ? 'max-lg:pb-[var(--bottom-bar-height,calc(3.5rem+1px+env(safe-area-inset-bottom)))]' : ''}`}
        >
          <NeedsConnection />
          <PanelErrorBoundary key={pageKey} panelName="This page">
            {children}
          </PanelErrorBoundary>
        </main>
      </div>
      {hasNavigation && (
        <PanelErrorBoundary panelName="The menu">
          <BottomBar />
        </PanelErrorBoundary>
      )}
      <FetchingOrdersOverlay />
    </div>
  );
}
