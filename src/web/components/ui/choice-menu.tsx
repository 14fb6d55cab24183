// eslint-disable-next-line no-restricted-syntax -- the menu list under Playwright's fake clock did not open as a lazyExtra (toasts.spec); cause not found yet
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Choice } from './choice';
import type { ChoiceMenuListProps } from './choice-menu-list';

export type { Choice } from './choice';

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
  /** A choice is being saved: the button says so (aria-busy) until it is done. */
  isBusy?: boolean;
}

// The open menu is not part of the board's first paint (docs/decisions/074): it loads when the
// browser has a moment after the first menu button is drawn, or at the latest when one is pressed.
let listLoading: Promise<typeof import('./choice-menu-list')> | null = null;
function loadList(): Promise<typeof import('./choice-menu-list')> {
  if (!listLoading) {
    const pending = import('./choice-menu-list');
    listLoading = pending;
    // A failed load (offline before the worker kept it) is tried again on the next press.
    pending.catch(() => {
      if (listLoading === pending) listLoading = null;
    });
  }
  return listLoading;
}
const ChoiceMenuList = lazy(() => loadList().then((m) => ({ default: m.ChoiceMenuList }))) as <T extends string>(
  props: ChoiceMenuListProps<T>,
) => ReactNode;

let isWarming = false;
function useWarmList(): void {
  useEffect(() => {
    if (isWarming) return;
    isWarming = true;
    const warm = () => void loadList().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(warm, { timeout: 3000 });
    else setTimeout(warm, 1000);
  }, []);
}

/**
 * A button that opens a short menu of choices, one of which may be ticked (the ARIA menu-button
 * pattern with menuitemradio items). The menu floats over the page at the button, flipping above
 * it near the bottom of the screen; arrow keys, Home and End move between the choices, Enter or
 * Space picks one, Escape or Tab closes it, and focus returns to the button. Each choice is at
 * least 44 px tall, for gloved fingers.
 */
export function ChoiceMenu<T extends string>(props: ChoiceMenuProps<T>) {
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const headingId = useId();
  /** Which choice gets focus when the menu opens: the ticked one, the first or the last. */
  const [focusOnOpen, setFocusOnOpen] = useState<'current' | 'first' | 'last'>('current');
  useWarmList();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const open = (focus: 'current' | 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowDown' ? 'first' : 'last');
    }
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
        aria-busy={props.isBusy || undefined}
        className={props.buttonClassName}
        onClick={() => (isOpen ? close(false) : open('current'))}
        onKeyDown={onButtonKey}
      >
        {props.children}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <ChoiceMenuList
            buttonRef={buttonRef}
            menuId={menuId}
            headingId={headingId}
            menuLabel={props.menuLabel}
            heading={props.heading}
            choices={props.choices}
            value={props.value}
            focusOnOpen={focusOnOpen}
            close={close}
            onChoose={props.onChoose}
          />
        </Suspense>
      )}
    </>
  );
}
