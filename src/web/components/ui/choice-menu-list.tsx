import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Choice } from './choice';

export interface ChoiceMenuListProps<T extends string> {
  /** The button that opened the menu: the menu is placed at it, and a tap on it is not "elsewhere". */
  buttonRef: RefObject<HTMLButtonElement | null>;
  menuId: string;
  headingId: string;
  menuLabel: string;
  heading?: ReactNode;
  choices: readonly Choice<T>[];
  value?: T | null;
  /** Which choice gets focus once the menu is in place: the ticked one, the first or the last. */
  focusOnOpen: 'current' | 'first' | 'last';
  /** Closes the menu; `returnFocus` puts focus back on the button. */
  close: (returnFocus: boolean) => void;
  onChoose: (value: T) => void;
}

const MENU_GAP = 4;

/**
 * The open menu of a ChoiceMenu, loaded when a menu first opens (or when the browser has a moment
 * after the board's first paint): the board draws its buttons without it (docs/decisions/074).
 */
export function ChoiceMenuList<T extends string>(props: ChoiceMenuListProps<T>) {
  const { buttonRef, choices, value, close } = props;
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

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
  }, [buttonRef]);

  useLayoutEffect(() => place(), [place]);

  // Once the menu is in place (it is hidden until then, and a hidden element takes no focus).
  const isPlaced = position !== null;
  useLayoutEffect(() => {
    if (!isPlaced) return;
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const current = choices.findIndex((c) => c.value === value);
    const target =
      props.focusOnOpen === 'last' ? items.at(-1) : props.focusOnOpen === 'first' || current === -1 ? items[0] : items[current];
    target?.focus({ preventScroll: true });
    // Only when it opens: a live change of the ticked choice must not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPlaced]);

  useEffect(() => {
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
  }, [buttonRef, close, place]);

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

  return createPortal(
    <div
      ref={menuRef}
      id={props.menuId}
      role="menu"
      aria-label={props.heading ? undefined : props.menuLabel}
      aria-labelledby={props.heading ? props.headingId : undefined}
      tabIndex={-1}
      onKeyDown={onMenuKey}
      style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: 'hidden' }}
      className="fixed z-40 w-max max-w-[calc(100vw-1rem)] min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
    >
      {props.heading && (
        <p id={props.headingId} className="px-3 pt-1.5 pb-1 text-xs font-semibold text-slate-600">
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
            onClick={() => {
              close(true);
              props.onChoose(choice.value);
            }}
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
  );
}
