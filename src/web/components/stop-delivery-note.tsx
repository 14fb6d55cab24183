import { useState } from 'react';
import { Button } from './ui/button';
import { notify } from './ui/toast';
import { describeError } from '../lib/describe-error';

/**
 * "Delivery note" on a ledger movement booked from a run (docs/decisions/042): the note of the drop
 * at that stop, made when asked for (the PDF code loads then).
 */
export function StopDeliveryNote({ run, stop, label }: { run: string; stop: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadDeliveryNoteOfStop } = await import('../lib/pdf/print-delivery-note');
      if (!(await downloadDeliveryNoteOfStop(run, stop))) notify.info('No drop has been recorded at this stop yet.');
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" disabled={busy} aria-label={label} onClick={() => void download()}>
      {busy ? 'Making…' : 'Delivery note'}
    </Button>
  );
}
