// Toasts without putting react-hot-toast (~5 KB gzip) on the board's first-paint path: each call
// loads the library on first use (the toast area, ./toaster, is loaded after first paint too).
// A toast raised before either has loaded is queued by the import and shown once it mounts.
import { createElement } from 'react';

/** 2 s success, 4 s error and default; at most 20 toasts kept (docs/product.md#limits). */
export const SUCCESS_TOAST_DURATION_MS = 2000;
export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 20;
/** A toast with an action (Undo) stays long enough to reach for it. */
export const ACTION_TOAST_DURATION_MS = 10_000;

/** One button on a toast: its label and what it does (the toast closes when it is pressed). */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

type HotToast = typeof import('react-hot-toast').default;

let loading: Promise<HotToast> | null = null;
function loadToast(): Promise<HotToast> {
  if (!loading) {
    const pending = import('react-hot-toast').then((m) => m.default);
    loading = pending;
    pending.catch(() => {
      if (loading === pending) loading = null;
    });
  }
  return loading;
}

/** Error toasts still on screen: a later success makes them stale, so it dismisses them. */
const openErrorIds = new Set<string>();

function show(kind: 'success' | 'error' | 'info', message: string): void {
  loadToast().then(
    (toast) => {
      if (kind === 'success') {
        for (const id of openErrorIds) toast.dismiss(id);
        openErrorIds.clear();
        toast.success(message, { duration: SUCCESS_TOAST_DURATION_MS });
      } else if (kind === 'error') {
        const id = toast.error(message, { duration: TOAST_DURATION_MS });
        openErrorIds.add(id);
        setTimeout(() => openErrorIds.delete(id), TOAST_DURATION_MS + 1000);
      } else {
        toast(message, { duration: TOAST_DURATION_MS });
      }
    },
    (err: unknown) => console.warn(`Could not show the message "${message}".`, err),
  );
}

/** A success with one action, e.g. "Task deleted." with Undo, for 10 s. */
function showWithAction(message: string, action: ToastAction): void {
  loadToast().then(
    (toast) => {
      for (const id of openErrorIds) toast.dismiss(id);
      openErrorIds.clear();
      toast(
        (shown) =>
          createElement(
            'span',
            { className: 'flex items-center gap-3' },
            createElement('span', null, message),
            createElement(
              'button',
              {
                type: 'button',
                className:
                  'min-h-11 rounded-md px-3 text-sm font-semibold text-emerald-800 underline hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-9',
                onClick: () => {
                  toast.dismiss(shown.id);
                  action.onAction();
                },
              },
              action.label,
            ),
          ),
        { duration: ACTION_TOAST_DURATION_MS },
      );
    },
    (err: unknown) => console.warn(`Could not show the message "${message}".`, err),
  );
}

/**
 * The app's toasts. Use a toast for outcomes of actions that leave the screen or have no form to
 * hold a message (saved and went back, "Order Added"); use FormMessage for a form's own problems.
 * Never both for one message.
 */
export const notify = {
  /** 2 s; also dismisses error toasts still showing, since they no longer describe the state. */
  success: (message: string) => show('success', message),
  /** 4 s. */
  error: (message: string) => show('error', message),
  /** 4 s, neutral. */
  info: (message: string) => show('info', message),
  /** 10 s, with one button (Undo); like a success, it dismisses error toasts still showing. */
  withAction: (message: string, action: ToastAction) => showWithAction(message, action),
  /** Dismisses every error toast still showing (e.g. after the user fixed the problem another way). */
  dismissErrors: () => {
    if (openErrorIds.size === 0) return;
    void loadToast().then((toast) => {
      for (const id of openErrorIds) toast.dismiss(id);
      openErrorIds.clear();
    });
  },
};
