// Rendering parts of screens in the component tests (Vitest's browser mode: real Chromium, and
// Preact as the app runs, vitest.config.ts). Each test gets a fresh container, unmounted after it;
// a part that uses links, navigation or the blocker gets the app's router on the page's history.
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import { createHistoryRouter, type Router } from '../lib/router/history-router';
import { RouterProvider } from '../lib/router/route-view';

const mounted: Root[] = [];
// The test runner's own address, put back after a test that moved the router.
const runnerHref = window.location.href;

afterEach(() => {
  for (const root of mounted.splice(0)) root.unmount();
  document.body.replaceChildren();
  window.history.replaceState(null, '', runnerHref);
});

/** Renders `ui` into a new container in the page. */
export function render(ui: ReactNode): void {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push(root);
  root.render(ui);
}

/** Renders `ui` inside the app's router, which starts at `path` and lets every move through. */
export function renderWithRouter(ui: ReactNode, path = '/'): Router {
  window.history.replaceState(null, '', path);
  const router = createHistoryRouter({ redirectFor: () => null, prepare: () => null });
  render(<RouterProvider router={router}>{ui}</RouterProvider>);
  return router;
}
