// Toasts without putting react-hot-toast (~5 KB gzip) on the board's first-paint path: each call
// loads the library on first use (the toast area, ./toaster, is loaded after first paint too).
// A toast raised before either has loaded is queued by the import and shown once it mounts.
//
// Toasts must never pile up over the board (docs/product.md#messages): at most TOAST_LIMIT are on
// screen (a new one dismisses the oldest), a message already showing is not shown twice (its time
// starts again instead), and toasts of one `group` replace each other ("Order Added" then "Order
// Removed" is one toast). The toast area lets taps through to the lines under it (./toaster).

import type { ToastAction } from './toast-action';

/** 2 s success, 4 s error and default (docs/product.md#limits). */
export const SUCCESS_TOAST_DURATION_MS = 2000;
export const TOAST_DURATION_MS = 4000;
/** A toast with a button (Undo) stays 10 s: reaching for it takes a moment with gloves on. */
export const ACTION_TOAST_DURATION_MS = 10_000;
/** At most this many toasts on screen at once. */
export const TOAST_LIMIT = 3;

export type ToastKind = 'success' | 'error' | 'info';

export type { ToastAction };

export interface ToastOptions {
  /** Toasts of one group replace each other instead of stacking. */
  group?: string;
  action?: ToastAction;
}

type HotToast = typeof import('react-hot-toast').default;
type RenderWithAction = typeof import('./toaster-action').renderWithAction;

interface Loaded {
  toast: HotToast;
  renderWithAction: RenderWithAction;
}

let loading: Promise<Loaded> | null = null;
function loadToast(): Promise<Loaded> {
  if (!loading) {
    const pending = Promise.all([import('react-hot-toast'), import('./toaster-action')]).then(([hot, action]) => ({
      toast: hot.default,
      renderWithAction: action.renderWithAction,
    }));
    loading = pending;
    pending.catch(() => {
      if (loading === pending) loading = null;
    });
  }
  return loading;
}

interface OnScreen {
  id: string;
  /** The group, or the message itself: what makes two toasts "the same". */
  key: string;
  kind: ToastKind;
  timer: ReturnType<typeof setTimeout>;
}

/** The toasts on screen, oldest first. */
const onScreen: OnScreen[] = [];
let nextId = 0;

function forget(id: string): void {
  const at = onScreen.findIndex((t) => t.id === id);
  if (at === -1) return;
  clearTimeout(onScreen[at]!.timer);
  onScreen.splice(at, 1);
}

function durationOf(kind: ToastKind, options: ToastOptions): number {
  if (options.action) return ACTION_TOAST_DURATION_MS;
  return kind === 'success' ? SUCCESS_TOAST_DURATION_MS : TOAST_DURATION_MS;
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  loadToast().then(
    ({ toast, renderWithAction }) => {
      const key = options.group !== undefined ? `group:${options.group}` : `message:${message}`;
      const same = onScreen.find((t) => t.key === key);
      // The same id updates the toast on screen (react-hot-toast starts its time again).
      const id = same?.id ?? `toast-${++nextId}`;
      if (same) forget(same.id);
      if (kind === 'success') {
        // A success makes the errors still showing stale.
        for (const stale of onScreen.filter((t) => t.kind === 'error')) {
          forget(stale.id);
          toast.dismiss(stale.id);
        }
      }
      const duration = durationOf(kind, options);
      const content = options.action ? renderWithAction(message, options.action, () => dismiss(id)) : message;
      if (kind === 'success') toast.success(content, { id, duration });
      else if (kind === 'error') toast.error(content, { id, duration });
      else toast(content, { id, duration });

      const timer = setTimeout(() => forget(id), duration);
      onScreen.push({ id, key, kind, timer });
      while (onScreen.length > TOAST_LIMIT) {
        const oldest = onScreen[0]!;
        forget(oldest.id);
        toast.dismiss(oldest.id);
      }
    },
    (err: unknown) => console.warn(`Could not show the message "${message}".`, err),
  );

  function dismiss(id: string): void {
    forget(id);
    void loadToast().then(({ toast }) => toast.dismiss(id));
  }
}

/**
 * The app's toasts. Use a toast for outcomes of actions that leave the screen or have no form to
 * hold a message (saved and went back, "Order Added"); use FormMessage for a form's own problems.
 * Never both for one message.
 */
export const notify = {
  /** 2 s; also dismisses error toasts still showing, since they no longer describe the state. */
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  /** 4 s (10 s with a button). */
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  /** 4 s (10 s with a button), neutral. */
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Dismisses every error toast still showing (e.g. after the user fixed the problem another way). */
  dismissErrors: () => {
    const errors = onScreen.filter((t) => t.kind === 'error');
    if (errors.length === 0) return;
    for (const t of errors) forget(t.id);
    void loadToast().then(({ toast }) => {
      for (const t of errors) toast.dismiss(t.id);
    });
  },
};
