import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface Choice<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}

export interface ChoiceMenuProps<T extends string> {
  /** Accessible name of the button that opens the menu. */
  label: string;
  /** Tooltip of that button, for the mouse. */
  title?: string;
  /** What the button shows (an icon, a word). */
  children: ReactNode;
  buttonClassName: string;
  /** Accessible name of the menu itself. */
  menuLabel: string;
  /** A line above the choices ("Set all 8 orders to:"). */
  heading?: ReactNode;
  choices: readonly Choice<T>[];
  /** The choice that holds now (ticked); none for "set all". */
  value?: T | null;
  onChoose: (value: T) => void;
  disabled?: boolean;
}

const MENU_GAP = 4;

/**
 * A button that opens a short menu of choices, one of which may be ticked (the ARIA menu-button
 * pattern with menuitemradio items). The menu floats over the page at the button, flipping above
 * it near the bottom of the screen; arrow keys, Home and End move between the choices, Enter or
 * Space picks one, Escape or Tab closes it, and focus returns to the button. Each choice is at
 * least 44 px tall, for gloved fingers.
 */
export function ChoiceMenu<T extends string>(props: ChoiceMenuProps<T>) {
  const { choices, value, onChoose } = props;
  const [isOpen, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const headingId = useId();
  /** Which choice gets focus when the menu opens: the ticked one, the first or the last. */
  const focusOnOpen = useRef<'current' | 'first' | 'last'>('current');

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const open = (focus: 'current' | 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  // Place the menu at the button: below it, or above when it would not fit below.
  const place = useCallback(() => {
    const button = buttonRef.current;
    const menu = menuRef.current;
    if (!button || !menu) return;
    const at = button.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = menu;
    const below = at.bottom + MENU_GAP;
    const top = below + height <= window.innerHeight || at.top - MENU_GAP - height < 0 ? below : at.top - MENU_GAP - height;
    const left = Math.min(Math.max(8, at.right - width), window.innerWidth - width - 8);
    setPosition({ top: Math.max(8, top), left });
  }, []);

  useLayoutEffect(() => {
    if (isOpen) place();
  }, [isOpen, place]);

  // Once the menu is in place (it is hidden until then, and a hidden element takes no focus).
  const isPlaced = position !== null;
  useLayoutEffect(() => {
    if (!isOpen || !isPlaced) return;
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const current = choices.findIndex((c) => c.value === value);
    const target =
      focusOnOpen.current === 'last' ? items.at(-1) : focusOnOpen.current === 'first' || current === -1 ? items[0] : items[current];
    target?.focus({ preventScroll: true });
    // Only when it opens: a live change of the ticked choice must not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, isPlaced]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (target && (menuRef.current?.contains(target) || buttonRef.current?.contains(target))) return;
      close(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // This Escape only closes the menu; map mode must not also end on it.
      e.stopImmediatePropagation();
      close(true);
    };
    window.addEventListener('pointerdown', onPointer);
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [isOpen, close, place]);

  const choose = (choice: T) => {
    close(true);
    onChoose(choice);
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const moveTo = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') moveTo(at + 1);
    else if (e.key === 'ArrowUp') moveTo(at - 1);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(items.length - 1);
    else if (e.key === 'Tab') {
      close(false);
      return;
    } else return;
    e.preventDefault();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={props.label}
        title={props.title}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        disabled={props.disabled}
        className={props.buttonClassName}
        onClick={() => (isOpen ? close(false) : open('current'))}
        onKeyDown={onButtonKey}
      >
        {props.children}
      </button>
      {isOpen &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={props.heading ? undefined : props.menuLabel}
            aria-labelledby={props.heading ? headingId : undefined}
            tabIndex={-1}
            onKeyDown={onMenuKey}
            style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: 'hidden' }}
            className="fixed z-40 w-max max-w-[calc(100vw-1rem)] min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
          >
            {props.heading && (
              <p id={headingId} className="px-3 pt-1.5 pb-1 text-xs font-semibold text-slate-600">
                {props.heading}
              </p>
            )}
            {choices.map((choice, i) => {
              const isCurrent = choice.value === value;
              return (
                <button
                  key={choice.value}
                  ref={(el) => {
                    itemRefs.current[i] = el;
                  }}
                  type="button"
                  role="menuitemradio"
                  aria-checked={isCurrent}
                  tabIndex={-1}
                  className={`flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-base font-medium hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-9 md:text-sm pointer-coarse:min-h-11 ${
                    isCurrent ? 'bg-emerald-50' : ''
                  }`}
                  onClick={() => choose(choice.value)}
                >
                  <span className="inline-flex w-5 justify-center" aria-hidden="true">
                    {choice.icon}
                  </span>
                  <span className="flex-1">{choice.label}</span>
                  <span className="w-8 text-right text-xs font-semibold text-emerald-800" aria-hidden="true">
                    {isCurrent ? 'now' : ''}
                  </span>
                </button>
              );
            })}
          </div>,
          document.body,
        )}
    </>
  );
}
