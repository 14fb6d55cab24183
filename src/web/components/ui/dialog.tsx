import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  /** Called when the user dismisses the dialog (Escape, or a Cancel button that calls it). */
  onClose: () => void;
  title: string;
  /** Optional sentence under the title; becomes the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * An accessible modal built on the native <dialog> element and `showModal()`: the browser makes
 * the rest of the page inert (focus cannot leave the dialog), and Escape cancels it. It is
 * labelled by its title, says `aria-modal`, moves focus into itself (the first field, or the
 * element with `autoFocus`), and gives focus back to whatever had it before it opened.
 */
export function Dialog({ open, onClose, title, description, children, className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      // Escape: we close through React state, so the element and the state never disagree.
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:ring-1 dark:ring-slate-200 dark:backdrop:bg-black/70 ${className}`}
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-sm text-slate-700">
            {description}
          </div>
        )}
        {children && <div className="mt-4">{children}</div>}
      </div>
    </dialog>
  );
}
