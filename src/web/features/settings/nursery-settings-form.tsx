import { useEffect, useState, type FormEvent } from 'react';
import type { NurseryRecord } from '#domain/records';
import { nurseries as nurseryCollection } from '#domain/collections/nurseries';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeError } from '../../lib/describe-error';
import { saveNursery } from '../../lib/settings/nursery-changes';
import { useNursery } from '../../lib/settings/nursery';

/**
 * The nursery's settings, for its admins (docs/product.md#settings): its name and the deletion
 * password, each its own form with its own button. Its route headings sit with the person's own
 * in Week Headings, side by side (docs/decisions/072).
 */
export function NurserySettings() {
  const nursery = useNursery();
  if (nursery.isPending) return <p className="text-sm text-slate-600">Loading the nursery’s settings...</p>;
  if (nursery.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        The nursery’s settings could not be loaded. {describeError(nursery.error)}
      </p>
    );
  return (
    <div className="space-y-6">
      <NameForm nursery={nursery.data} />
      <DeletionPasswordForm nursery={nursery.data} />
      <RemindersForm nursery={nursery.data} />
    </div>
  );
}

function NameForm({ nursery }: { nursery: NurseryRecord }) {
  const [name, setName] = useState(nursery.name);
  const [isTouched, setTouched] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  // Another admin's change (arriving live) shows here unless this admin already started typing.
  useEffect(() => {
    if (!isTouched) setName(nursery.name);
  }, [nursery, isTouched]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setMessage(null);
    try {
      await saveNursery(nursery.id, { name: name.trim() });
      setTouched(false);
      setMessage({ tone: 'success', text: 'Saved. Everyone in your nursery sees the new name.' });
    } catch (err) {
      setMessage({
        tone: 'error',
        text: `The nursery’s name wasn’t saved. ${describeError(err)} Your change is still here. Try again.`,
      });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form className="space-y-4" aria-labelledby="nursery-title" onSubmit={(event) => void submit(event)}>
      <div>
        <h2 id="nursery-title" className="text-lg font-semibold text-slate-900">
          Nursery
        </h2>
        <p className="text-sm text-slate-600">Only admins see this part. The nursery’s route headings are with Week Headings below.</p>
      </div>
      <TextField
        label="Nursery name"
        name="nursery-name"
        maxLength={100}
        value={name}
        onChange={(e) => {
          setTouched(true);
          setMessage(null);
          setName(e.target.value);
        }}
      />
      <FormMessage message={message} />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {isBusy ? 'Saving...' : 'Save nursery name'}
      </Button>
    </form>
  );
}

function DeletionPasswordForm({ nursery }: { nursery: NurseryRecord }) {
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const generated = nursery.generatedDeletePassword ?? '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setMessage(null);
    try {
      await saveNursery(nursery.id, { deletePassword: password });
      setPassword('');
      setMessage({ tone: 'success', text: 'The new deletion password holds from now on. Tell office staff and admins.' });
    } catch (err) {
      setMessage({ tone: 'error', text: describeError(err) });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form
      className="space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby="delete-password-title"
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="delete-password-title" className="text-base font-semibold text-slate-900">
        Deletion password
      </h3>
      {generated ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your nursery’s deletion password is <strong className="font-mono text-base">{generated}</strong>. Office staff and admins type it
          to delete an order or a run. Choose your own below to replace it.
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          Office staff and admins type it to delete an order or a run. It is kept secret, even from admins: set a new one to change it.
        </p>
      )}
      <TextField
        label="New deletion password"
        type="password"
        name="new-delete-password"
        autoComplete="new-password"
        hint="6 to 72 characters; capitals do not matter."
        value={password}
        onChange={(e) => {
          setMessage(null);
          setPassword(e.target.value);
        }}
      />
      <FormMessage message={message} />
      <Button type="submit" disabled={isBusy || password.trim() === ''}>
        {isBusy ? 'Saving...' : 'Set deletion password'}
      </Button>
    </form>
  );
}

/** "Remind after N days" (docs/decisions/077): when customers holding trolleys get a balance reminder. */
function RemindersForm({ nursery }: { nursery: NurseryRecord }) {
  const field = nurseryCollection.fields.remindAfterDays;
  const [days, setDays] = useState(String(nursery.remindAfterDays));
  const [isTouched, setTouched] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  useEffect(() => {
    if (!isTouched) setDays(String(nursery.remindAfterDays));
  }, [nursery, isTouched]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setMessage(null);
    try {
      const saved = await saveNursery(nursery.id, { remindAfterDays: Number(days) });
      setTouched(false);
      setMessage({
        tone: 'success',
        text: `Saved. Customers who have held trolleys longer than ${saved.remindAfterDays} days get a reminder, one a week at most.`,
      });
    } catch (err) {
      setMessage({ tone: 'error', text: `The reminder setting wasn’t saved. ${describeError(err)} Your change is still here. Try again.` });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form className="space-y-3 border-t border-slate-200 pt-4" aria-labelledby="reminders-title" onSubmit={(event) => void submit(event)}>
      <h3 id="reminders-title" className="text-base font-semibold text-slate-900">
        Balance reminders
      </h3>
      <p className="text-sm text-slate-600">
        Customers who have held trolleys, shelves or extensions longer than this get a reminder by mail, one a week at most, if a contact of
        theirs receives balance reminders. A return in the last week holds it back.
      </p>
      <TextField
        label="Remind after (days)"
        name="remind-after-days"
        type="number"
        inputMode="numeric"
        min={field.min}
        max={field.max}
        value={days}
        onChange={(e) => {
          setTouched(true);
          setMessage(null);
          setDays(e.target.value);
        }}
      />
      <FormMessage message={message} />
      <Button type="submit" disabled={isBusy || days.trim() === ''}>
        {isBusy ? 'Saving...' : 'Save reminder setting'}
      </Button>
    </form>
  );
}
