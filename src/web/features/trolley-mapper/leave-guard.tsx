import { useEffect } from 'react';
import { useBlocker } from '../../lib/router/hooks';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * Asks before leaving the mapper with unsaved changes: a dialog for moves inside the app
 * (the router's blocker), the browser's own prompt for reloads and closing the tab.
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

  const stay = () => blocker.state === 'blocked' && blocker.reset();
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={stay}
      title="Leave without saving?"
      description="This run has changes that are not saved. If you leave now, they are lost."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
          Leave
        </Button>
        {/* The safe choice takes the focus: Enter or a quick tap keeps the work. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button variant="primary" autoFocus onClick={stay}>
          Stay
        </Button>
      </div>
    </Dialog>
  );
}
