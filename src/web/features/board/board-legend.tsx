import { useEffect, useId, useRef, useState } from 'react';
import { lazyExtra } from '../../components/ui/lazy-extra';
import { lineSwatchClass } from '../../lib/line-colour-classes';

const BoardLegendPanel = lazyExtra(() => import('./board-legend-panel').then((m) => m.default));

/**
 * "Colours" in the board's toolbar: what the line colours and the status chips mean
 * (docs/decisions/069). A button that shows a small panel under it; Escape, the button again or a
 * tap elsewhere hides it. Its panel is loaded on the first tap (board-legend-panel.tsx), so the board's file carries none of it.
 */
export function BoardLegend() {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // This Escape only closes the panel; it must not also leave map mode.
      e.stopImmediatePropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) setOpen(false);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return (
    <div ref={ref} className="md:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 text-base text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 md:text-sm pointer-coarse:min-h-11"
        onClick={() => setOpen((open) => !open)}
      >
        {/* Four swatches in a square: the button is about colours. */}
        <span aria-hidden="true" className="grid size-4 grid-cols-2 gap-px overflow-hidden rounded-sm">
          <span className={lineSwatchClass.blue} />
          <span className={lineSwatchClass.green} />
          <span className={lineSwatchClass.fuchsia} />
          <span className={lineSwatchClass.orange} />
        </span>
        Colours
      </button>
      {isOpen && <BoardLegendPanel id={panelId} headingId={headingId} />}
    </div>
  );
}
