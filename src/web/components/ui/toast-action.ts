// Below both toast.ts and the lazily loaded toaster-action.tsx, which each name it: neither imports
// the other back (no import cycles, docs/decisions/060).

/** One button in a toast ("Reload", "Undo"); pressing it also dismisses the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}
