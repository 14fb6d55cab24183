import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { SUCCESS_TOAST_DURATION_MS, TOAST_DURATION_MS, TOAST_LIMIT } from './toast';

/** The app's one toast area. Default export: the app shell loads it after first paint (bundle budget). */
export default function AppToaster() {
  const { toasts } = useToasterStore();

  // react-hot-toast already keeps at most 20 in its store; dismissing the oldest visible ones
  // here keeps the on-screen stack at the same cap even if that internal default changes.
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS,
        error: { duration: TOAST_DURATION_MS },
        success: { duration: SUCCESS_TOAST_DURATION_MS },
      }}
    />
  );
}
