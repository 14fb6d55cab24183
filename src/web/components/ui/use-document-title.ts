import { useEffect } from 'react';

export const APP_NAME = 'Trolleyboard';

/** "Week 47, 2026 · Trolleyboard": the browser tab and history name the page. */
export function documentTitleFor(pageName: string | null | undefined): string {
  return pageName ? `${pageName} · ${APP_NAME}` : APP_NAME;
}

/** Sets the browser title while the calling page is shown. */
export function useDocumentTitle(pageName: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitleFor(pageName);
  }, [pageName]);
}
