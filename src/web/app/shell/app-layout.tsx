import type { ReactNode } from 'react';
import { useLocation } from '../../lib/router/hooks';
import { pageKeyOf } from '../../lib/router/location';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { AppHeader } from './app-header';
import { FetchingOrdersOverlay } from './fetching-orders-overlay';
import { NeedsConnection } from './needs-connection';
import { NewVersionBar } from './new-version-bar';

/** Header + page for every signed-in screen (and settings). Each is its own error boundary. */
export function AppLayout({ children }: { children: ReactNode }) {
  // A page that failed must not stay failed after the user navigates away.
  const pageKey = pageKeyOf(useLocation());
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <NewVersionBar />
      <PanelErrorBoundary panelName="The header">
        <AppHeader />
      </PanelErrorBoundary>
      <main className="mx-auto max-w-screen-2xl">
        <NeedsConnection />
        <PanelErrorBoundary key={pageKey} panelName="This page">
          {children}
        </PanelErrorBoundary>
      </main>
      <FetchingOrdersOverlay />
    </div>
  );
}
