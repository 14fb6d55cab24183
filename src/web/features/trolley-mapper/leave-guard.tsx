import { useEffect } from 'react';
import { useBlocker } from '../../lib/router/hooks';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

interface LeaveGuardProps {
  hasUnsavedChanges: boolean;
  /** The address of the run on screen: the mapper moves there itself after a new plan's first save. */
  runPath: string | null;
  /** "Leave" was chosen: the changes are given up on purpose. */
  onLeave: () => void;
}

/**
 * Asks before leaving the mapper with unsaved changes: a dialog for moves inside the app
 * (the router's blocker), the browser's own prompt for reloads and closing the tab (the plan is
 * kept on the device then, plan-draft.ts).
 */
export function LeaveGuard({ hasUnsavedChanges, runPath, onLeave }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== runPath,
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
        <Button
          variant="secondary"
          onClick={() => {
            if (blocker.state !== 'blocked') return;
            onLeave();
            blocker.proceed();
          }}
        >
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
