import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './fields';

export interface PasswordDialogProps {
  open: boolean;
  /** e.g. "Confirm Delete". */
  title: string;
  /** e.g. "Enter password to delete this task:". */
  prompt: string;
  /** Label of the confirm button, e.g. "Confirm Delete" or "Confirm". */
  confirmLabel: string;
  /**
   * Called with the typed password. The dialog closes when the promise settles, whether it
   * resolved or rejected (the caller shows the outcome, e.g. "Incorrect password.").
   */
  onConfirm: (password: string) => Promise<unknown>;
  /** Called whenever the dialog closes: Cancel, Escape, or after a confirm attempt. */
  onClose: () => void;
}

/**
 * Asks for a password before a destructive action (docs/product.md#deletion-password: opens on Delete, closes on
 * Cancel or after a Confirm attempt, the password field cleared each time).
 */
export function PasswordDialog({ open, title, prompt, confirmLabel, onConfirm, onClose }: PasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [isBusy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setBusy(false);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const typed = password;
    setPassword('');
    setBusy(true);
    try {
      await onConfirm(typed);
    } catch {
      // The caller reports the outcome; the dialog only has to close.
    } finally {
      close();
    }
  };

  return (
    <Dialog open={open} onClose={close} title={title}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          label={prompt}
          type="password"
          name="confirm-password"
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog exists to take this one entry.
          autoFocus
          value={password}
          disabled={isBusy}
          onChange={(e) => setPassword(e.target.value)}
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
