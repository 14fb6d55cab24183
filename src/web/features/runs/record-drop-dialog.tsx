import { useEffect, useState } from 'react';
import { DROP_OUTCOME_LABELS, DROP_OUTCOMES, type DropOutcome } from '#domain/collections/run-drops';
import { MAX_MOVEMENT_COUNT } from '#domain/collections/trolley-movements';
import type { RunDropRecord, RunStop } from '#domain/records';
import { SelectField, TextField } from '../../components/ui/fields';
import { FormDialog } from '../../components/ui/form-dialog';
import { describeError } from '../../lib/describe-error';
import { queryClient } from '../../lib/query-client';
import { ledgerKeys } from '../../lib/ledger/ledger-queries';
import { dropKeys, recordDrop } from '../../lib/runs/drop-queries';

// "Record drop" on the Runs screen, for a driver who phones the office (docs/decisions/042): the
// outcome, who received it or why not, and what came back, which goes into the ledger as a return.

/** A stop of a run, with how the ledger names it and its place on the run (first drop 1). */
export interface DropStop extends RunStop {
  key: string;
  number: number;
}

const BACK_FIELDS = [
  ['trolleysBack', 'Trolleys back'],
  ['shelvesBack', 'Shelves back'],
  ['extensionsBack', 'Extensions back'],
] as const;

type Back = Record<(typeof BACK_FIELDS)[number][0], string>;
const NO_BACK: Back = { trolleysBack: '', shelvesBack: '', extensionsBack: '' };

/** A random id for one send (getRandomValues: the yard's plain-HTTP address has no randomUUID). */
function newClientId(): string {
  return `office-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function RecordDropDialog({ run, stop, onClose }: { run: string; stop: DropStop | null; onClose: () => void }) {
  const [outcome, setOutcome] = useState<DropOutcome>('delivered');
  const [receivedBy, setReceivedBy] = useState('');
  const [reason, setReason] = useState('');
  const [back, setBack] = useState<Back>(NO_BACK);
  // One id per opening: pressing Record again after a lost answer answers the drop written.
  const [clientId, setClientId] = useState('');
  useEffect(() => {
    if (!stop) return;
    setOutcome('delivered');
    setReceivedBy('');
    setReason('');
    setBack(NO_BACK);
    setClientId(newClientId());
  }, [stop]);

  const submit = async (): Promise<string> => {
    if (!stop) return '';
    const count = (text: string) => (text.trim() === '' ? 0 : Number(text));
    const drop = await recordDrop(run, {
      stop: stop.key,
      outcome,
      reason: outcome === 'not_delivered' ? reason : '',
      receivedBy: outcome === 'delivered' ? receivedBy : '',
      trolleysBack: count(back.trolleysBack),
      shelvesBack: count(back.shelvesBack),
      extensionsBack: count(back.extensionsBack),
      clientId,
    });
    queryClient.setQueryData<RunDropRecord[]>(dropKeys.ofRun(run), (drops) =>
      drops && !drops.some((known) => known.id === drop.id) ? [...drops, drop] : drops,
    );
    void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    return `Drop recorded: ${stop.title || `stop ${stop.number}`}.`;
  };

  return (
    <FormDialog
      open={stop !== null}
      title={`Record drop: ${stop?.title || `stop ${stop?.number ?? ''}`}`}
      description="What happened at this stop, as the driver tells it. What came back goes into the customer's trolley ledger as a return."
      actionLabel="Record drop"
      busyLabel="Recording…"
      describeError={describeError}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Outcome"
        value={outcome}
        options={DROP_OUTCOMES.map((value) => ({ value, label: DROP_OUTCOME_LABELS[value] }))}
        onChange={(event) => setOutcome(event.target.value as DropOutcome)}
      />
      {outcome === 'delivered' ? (
        <TextField label="Received by" value={receivedBy} maxLength={100} onChange={(event) => setReceivedBy(event.target.value)} />
      ) : (
        <TextField label="Reason" value={reason} maxLength={500} required onChange={(event) => setReason(event.target.value)} />
      )}
      <div className="grid grid-cols-3 gap-2">
        {BACK_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_MOVEMENT_COUNT}
            step={1}
            value={back[field]}
            onChange={(event) => setBack((was) => ({ ...was, [field]: event.target.value }))}
          />
        ))}
      </div>
    </FormDialog>
  );
}
