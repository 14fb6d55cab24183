import { useEffect, useState, type FormEvent } from 'react';
import { dayLabel } from '#domain/orders/format';
import { DAYS, type NurseryRecord, type WeekHeadings } from '#domain/records';
import { HEADING_MAX_LENGTH } from '#domain/settings/week-headings-field';
import { DEFAULT_ROUTE_HEADING, headingKeyOf, pickWeekHeadings } from '#domain/settings/week-headings';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeError } from '../../lib/describe-error';
import { saveNursery, useNursery } from '../../lib/settings/nursery';

/**
 * The nursery's settings, for its admins (docs/product.md#settings): its name, the route
 * heading of each weekday that every member's board shows, and the deletion password.
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
      <NameAndHeadingsForm nursery={nursery.data} />
      <DeletionPasswordForm nursery={nursery.data} />
    </div>
  );
}

function NameAndHeadingsForm({ nursery }: { nursery: NurseryRecord }) {
  const [name, setName] = useState(nursery.name);
  const [headings, setHeadings] = useState<WeekHeadings>(() => pickWeekHeadings(nursery.headings));
  const [isTouched, setTouched] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  // Another admin's change (arriving live) shows here unless this admin already started typing.
  useEffect(() => {
    if (isTouched) return;
    setName(nursery.name);
    setHeadings(pickWeekHeadings(nursery.headings));
  }, [nursery, isTouched]);

  const touch = () => {
    setTouched(true);
    setMessage(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setMessage(null);
    try {
      await saveNursery(nursery.id, { name: name.trim(), headings });
      setTouched(false);
      setMessage({ tone: 'success', text: 'Saved. Every board in your nursery shows these now.' });
    } catch (err) {
      setMessage({
        tone: 'error',
        text: `The nursery’s settings weren’t saved. ${describeError(err)} Your changes are still here. Try again.`,
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
        <p className="text-sm text-slate-600">Only admins see this part. Everyone in the nursery sees its name and route headings.</p>
      </div>
      <TextField
        label="Nursery name"
        name="nursery-name"
        maxLength={100}
        value={name}
        onChange={(e) => {
          touch();
          setName(e.target.value);
        }}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Route headings</legend>
        <p className="text-sm text-slate-600">
          Above each day on every member’s board. A person’s own heading (below) still wins for them; left empty, the day shows “
          {DEFAULT_ROUTE_HEADING}”.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {DAYS.map((day) => {
            const key = headingKeyOf(day);
            return (
              <TextField
                key={day}
                label={`${dayLabel(day)} route`}
                maxLength={HEADING_MAX_LENGTH}
                placeholder={DEFAULT_ROUTE_HEADING}
                value={headings[key] ?? ''}
                onChange={(e) => {
                  touch();
                  setHeadings((current) => ({ ...current, [key]: e.target.value }));
                }}
              />
            );
          })}
        </div>
      </fieldset>
      <FormMessage message={message} />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {isBusy ? 'Saving...' : 'Save nursery settings'}
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
