import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

interface DeleteRunDialogProps {
  /** The run being deleted; null keeps the dialog closed. */
  runName: string | null;
  onCancel: () => void;
  /** Called with the typed password; the dialog closes and forgets it right away (spec). */
  onConfirm: (password: string) => void;
}

const button =
  'inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

/** Spec: Delete opens a password dialog with Cancel and Confirm; it closes after an attempt. */
export function DeleteRunDialog({ runName, onCancel, onConfirm }: DeleteRunDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const fieldId = useId();
  const isOpen = runName !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
    if (!isOpen) setPassword('');
  }, [isOpen]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = password;
    setPassword('');
    onConfirm(typed);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${fieldId}-title`}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg p-5 shadow-xl backdrop:bg-slate-900/40"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit}>
        <h2 id={`${fieldId}-title`} className="text-lg font-semibold text-slate-900">
          Confirm Delete
        </h2>
        <p className="mt-1 text-sm break-words text-slate-600">Enter password to delete this run{runName ? `: ${runName}` : ''}.</p>
        <label htmlFor={fieldId} className="mt-4 mb-1 block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id={fieldId}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none"
        />
        <div className="mt-5 flex justify-end gap-2">
          <button
            type="button"
            className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            onClick={onCancel}
          >
            Cancel
          </button>
          <button type="submit" className={`${button} bg-red-700 text-white hover:bg-red-800`}>
            Confirm
          </button>
        </div>
      </form>
    </dialog>
  );
}
