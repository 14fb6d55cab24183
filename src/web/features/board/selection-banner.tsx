import { useMapMode } from '../../lib/map-mode';

/** Tells staff that clicks now choose orders for a run (not open them), and how to leave. */
export function SelectionBanner() {
  const { isMapMode, chosenIds } = useMapMode();
  if (!isMapMode) return null;
  return (
    <p role="status" className="mb-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <strong className="font-semibold">Selection mode is on.</strong> Click an order to add it to the run or take it off (
      {chosenIds.length} chosen). Press Escape or X to leave.
    </p>
  );
}
