import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FormMessage, type FormMessageState } from './form-message';
import { notify } from './toast';

/** A dialog holding one form: its fields, the outcome of the last try, Cancel and the action. */
export function FormDialog({
  open,
  title,
  description,
  actionLabel,
  busyLabel,
  danger = false,
  wide = false,
  describeError,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  actionLabel: string;
  busyLabel: string;
  danger?: boolean;
  /** A form of many fields: wider on larger screens. */
  wide?: boolean;
  /** The sentence for a failed submit (the app's describeError: this folder knows no server). */
  describeError: (err: unknown) => string;
  /** Resolves with the toast to show when done; throws to keep the dialog open with the server's sentence. */
  onSubmit: () => Promise<string>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const close = () => {
    setMessage(null);
    setIsBusy(false);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setMessage(null);
    try {
      const done = await onSubmit();
      notify.success(done);
      close();
    } catch (err) {
      setMessage({ tone: 'error', text: describeError(err) });
      setIsBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} title={title} description={description} className={wide ? 'sm:max-w-2xl' : ''}>
      <form className="space-y-4" onSubmit={(event) => void submit(event)}>
        {children}
        <FormMessage message={message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={isBusy}>
            {isBusy ? busyLabel : actionLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
