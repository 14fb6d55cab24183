import type { ReactElement } from 'react';
import type { ToastAction } from './toast-action';

/**
 * A toast's message with its one button. The toast itself lets taps through to the board under
 * it (./toaster); the button takes them back, and is as tall as any tap target (44 px).
 */
export function renderWithAction(message: string, action: ToastAction, dismiss: () => void): ReactElement {
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{message}</span>
      <button
        type="button"
        className="pointer-events-auto min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8"
        onClick={() => {
          dismiss();
          action.onClick();
        }}
      >
        {action.label}
      </button>
    </span>
  );
}
