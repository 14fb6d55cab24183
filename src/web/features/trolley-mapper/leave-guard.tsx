import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { primaryButton, secondaryButton } from './styles';

/**
 * Asks before leaving the mapper with unsaved changes: a dialog for moves inside the app
 * (react-router's blocker), the browser's own prompt for reloads and closing the tab.
 */
export function LeaveGuard({ hasUnsavedChanges }: { hasUnsavedChanges: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  const dialogRef = useRef<HTMLDialogElement>(null);
  const isBlocked = blocker.state === 'blocked';
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isBlocked && !dialog.open) dialog.showModal();
    if (!isBlocked && dialog.open) dialog.close();
  }, [isBlocked]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg p-5 shadow-xl backdrop:bg-slate-900/40"
      onCancel={(event) => {
        event.preventDefault();
        if (blocker.state === 'blocked') blocker.reset();
      }}
    >
      <h2 id="leave-title" className="text-lg font-semibold text-slate-900">
        Leave without saving?
      </h2>
      <p id="leave-text" className="mt-2 text-sm text-slate-600">
        This run has changes that are not saved. If you leave now, they are lost.
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
          Leave
        </button>
        {/* The safe choice is the default: Enter or a quick tap keeps the work. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <button type="button" className={primaryButton} autoFocus onClick={() => blocker.state === 'blocked' && blocker.reset()}>
          Stay
        </button>
      </div>
    </dialog>
  );
}
