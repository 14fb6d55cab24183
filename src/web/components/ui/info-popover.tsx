import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** Accessible name of the button, e.g. "Information for Greenfields". */
  label: string;
  /** The text shown. */
  children: ReactNode;
  /** Contents of the button (an icon); "i" when not given. */
  icon?: ReactNode;
}

/**
 * A small "i" button whose text shows on hover, on keyboard focus and on tap (not hover only),
 * and is tied to the button with aria-describedby so screen readers read it. Escape or a tap
 * elsewhere hides it.
 */
export function InfoPopover({ label, children, icon }: Props) {
  const [isPinned, setPinned] = useState(false);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isDismissed, setDismissed] = useState(false);
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const shown = !isDismissed && (isPinned || isHovered || isFocused);

  // Before paint, not after: a text on screen always hears its Escape (on a busy tablet an
  // Escape pressed just after it showed was lost, and the text stayed).
  useLayoutEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // This Escape only hides the text; it must not also leave a mode or close a dialog.
        e.stopImmediatePropagation();
        setPinned(false);
        setDismissed(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) {
        setPinned(false);
        setHovered(false);
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [shown]);

  return (
    <span
      ref={ref}
      className="info-popover"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => {
        setHovered(false);
        setDismissed(false);
      }}
    >
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={shown}
        className="info-popover-button"
        onClick={(e) => {
          e.stopPropagation();
          setDismissed(false);
          setPinned((pinned) => !pinned);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setDismissed(false);
        }}
      >
        {icon ?? <span aria-hidden="true">i</span>}
      </button>
      <span id={id} role="tooltip" className={shown ? 'info-popover-tip' : 'info-popover-tip hidden'}>
        {children}
      </span>
    </span>
  );
}
