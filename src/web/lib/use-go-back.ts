import { useCallback } from 'react';
import { useLocation, useNavigate } from './router/hooks';

/**
 * "Return": back one page when the app has history, otherwise to `fallback`
 * (a page opened from a mail link or a new tab has nothing to go back to).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    // The router gives the entry the tab was opened on the key "default".
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [fallback, location.key, navigate]);
}
