import { useRef, useState, type FormEvent } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './fields';

/** What a confirm attempt tells the dialog: a sentence to show under the field keeps it open. */
export type PasswordOutcome = { retry: string } | void;

export interface PasswordDialogProps {
  open: boolean;
  /** e.g. "Confirm Delete". */
  title: string;
  /** e.g. "Enter password to delete this task:". */
  prompt: string;
  /** Label of the confirm button, e.g. "Confirm Delete" or "Confirm". */
  confirmLabel: string;
  /** Said under the field before any attempt, e.g. whose password this is and where it is found. */
  hint?: string;
  /**
   * Called with the typed password. `{ retry }` keeps the dialog open with that sentence under the
   * field and the focus back in it (a wrong password: the person tries again without reopening);
   * anything else closes it, and the caller shows the outcome.
   */
  onConfirm: (password: string) => Promise<PasswordOutcome>;
  /** Called whenever the dialog closes: Cancel, Escape, or after a confirm attempt that did not ask to retry. */
  onClose: () => void;
}

/** The hint every deletion prompt carries (docs/product.md#deletion-password, docs/decisions/072). */
export const DELETION_PASSWORD_HINT =
  'This is your nursery’s deletion password, not your own. Your nursery’s admins set it in Settings → Deletion password; ask one of them for it.';

/**
 * Asks for a password before a destructive action (docs/product.md#deletion-password: opens on Delete, closes on
 * Cancel or after a Confirm attempt, the password field cleared each time; a wrong password keeps it open with
 * the sentence under the field, docs/decisions/072).
 */
export function PasswordDialog({ open, title, prompt, confirmLabel, hint, onConfirm, onClose }: PasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const close = () => {
    setPassword('');
    setBusy(false);
    setError('');
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const typed = password;
    setPassword('');
    setError('');
    setBusy(true);
    let outcome: PasswordOutcome = undefined;
    try {
      outcome = await onConfirm(typed);
    } catch {
      // The caller reports the outcome; the dialog only has to close.
    }
    if (outcome) {
      setBusy(false);
      setError(outcome.retry);
      // The field was disabled while busy; focus it once it is enabled again so the person types straight away.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input[name="confirm-password"]')?.focus());
      return;
    }
    close();
  };

  return (
    <Dialog open={open} onClose={close} title={title}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          label={prompt}
          type="password"
          name="confirm-password"
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog exists to take this one entry.
          autoFocus
          hint={hint}
          error={error || undefined}
          value={password}
          disabled={isBusy}
          onChange={(e) => {
            setPassword(e.target.value);
            setError('');
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={isBusy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
