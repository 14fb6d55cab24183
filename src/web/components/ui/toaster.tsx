import { useEffect } from 'react';
import { ToastBar, Toaster, toast, useToasterStore } from 'react-hot-toast';
import { SUCCESS_TOAST_DURATION_MS, TOAST_DURATION_MS, TOAST_LIMIT } from './toast';

/**
 * The app's one toast area, at the bottom of the screen (above a phone's bottom bar), clear of the
 * header's map-mode buttons.
 * Toasts let taps through (only their buttons take them), so a toast over an order line never
 * stops anyone from tapping it. Default export: the app shell loads it after first paint.
 */
export default function AppToaster() {
  const { toasts } = useToasterStore();

  // ./toast keeps at most TOAST_LIMIT on screen; this holds the cap for toasts raised directly
  // through react-hot-toast too.
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="bottom-center"
      gutter={6}
      // Above a phone's bottom bar, never over its buttons, and centred on the page beside a
      // desktop's side bar (docs/decisions/067).
      containerStyle={{
        bottom: 'calc(var(--bottom-bar-height, 0px) + 12px)',
        left: 'calc(var(--side-bar-width, 0px) + 12px)',
        right: 12,
        top: 12,
      }}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        error: { duration: TOAST_DURATION_MS },
        success: { duration: SUCCESS_TOAST_DURATION_MS },
        // The palette's own colours rather than react-hot-toast's fixed white and grey, so a toast
        // is dark in dark mode (docs/decisions/050).
        style: {
          pointerEvents: 'none',
          maxWidth: '28rem',
          padding: '6px 10px',
          fontSize: '0.875rem',
          background: 'var(--color-white)',
          color: 'var(--color-slate-900)',
        },
      }}
    >
      {/* A toast on its way out is no longer read out, nor counted as showing. react-hot-toast
          gives its toasts' own element pointer events back: this one lets taps through too. */}
      {(t) => (
        <div aria-hidden={!t.visible || undefined} style={{ pointerEvents: 'none' }}>
          <ToastBar toast={t} />
        </div>
      )}
    </Toaster>
  );
}
