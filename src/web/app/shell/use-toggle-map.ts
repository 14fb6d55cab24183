import { useCallback } from 'react';
import { useMapMode } from '../../lib/map-mode';
import { paths } from '../../lib/paths';
import { useLocation, useNavigate } from '../../lib/router/hooks';

/** Screens where picking orders for a run makes sense; Map elsewhere opens the board first. */
const SELECTABLE_PATHS: readonly string[] = [paths.board, paths.collect];

/** Map (the header's button and the menu's item): turns map mode on or off. */
export function useToggleMap(): () => void {
  const { isMapMode, setMapMode } = useMapMode();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    const turningOn = !isMapMode;
    setMapMode(turningOn);
    if (turningOn && !SELECTABLE_PATHS.includes(pathname)) void navigate(paths.board);
  }, [isMapMode, setMapMode, pathname, navigate]);
}
