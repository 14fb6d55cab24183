import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { DriverStop } from '#domain/driver/driver-link';
import { Button } from '../../components/ui/button';
import { CountStepper } from './count-stepper';
import { newClientId, type QueuedDrop } from './drop-queue';
import { shrinkPhoto } from './shrink-photo';
import { SignatureField, type SignatureHandle } from './signature-field';

export type RecordedDrop = Omit<QueuedDrop, 'token' | 'run' | 'refused' | 'seq'>;

/** One drop's form: Delivered (counts back, received by, signature, photo) or Not delivered with a reason. */
export function DropForm({
  stop,
  onRecord,
  onCancel,
}: {
  stop: DriverStop;
  onRecord: (drop: RecordedDrop) => Promise<void>;
  onCancel: () => void;
}) {
  const [outcome, setOutcome] = useState<'delivered' | 'not_delivered' | null>(null);
  const [back, setBack] = useState({ trolleys: 0, shelves: 0, extensions: 0 });
  const [receivedBy, setReceivedBy] = useState('');
  const [reason, setReason] = useState('');
  const [signed, setSigned] = useState(false);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const signature = useRef<SignatureHandle>(null);
  const onSigned = useCallback((value: boolean) => setSigned(value), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome === 'delivered' && receivedBy.trim() === '') return setProblem('Write who received the delivery.');
    if (outcome === 'delivered' && !signed) return setProblem('Ask them to sign in the box.');
    if (outcome === 'not_delivered' && reason.trim() === '') return setProblem('Write why it was not delivered.');
    setBusy(true);
    try {
      await onRecord({
        clientId: newClientId(),
        stop: stop.stop,
        outcome: outcome ?? 'delivered',
        reason: outcome === 'not_delivered' ? reason.trim() : '',
        receivedBy: outcome === 'delivered' ? receivedBy.trim() : '',
        trolleysBack: outcome === 'delivered' ? back.trolleys : 0,
        shelvesBack: outcome === 'delivered' ? back.shelves : 0,
        extensionsBack: outcome === 'delivered' ? back.extensions : 0,
        recordedAt: new Date().toISOString(),
        signature: outcome === 'delivered' ? await (signature.current?.png() ?? Promise.resolve(null)) : null,
        photo: outcome === 'delivered' ? photo : null,
      });
    } catch (error) {
      // Kept nowhere: the driver must know to try again (a full phone, storage switched off).
      setProblem(`This drop could not be kept on the phone: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  if (outcome === null)
    return (
      <div className="mt-3 grid grid-cols-1 gap-2">
        <Button variant="primary" size="lg" fullWidth onClick={() => setOutcome('delivered')}>
          Delivered
        </Button>
        <Button variant="secondary" size="lg" fullWidth onClick={() => setOutcome('not_delivered')}>
          Not delivered
        </Button>
        <Button variant="ghost" size="lg" fullWidth onClick={onCancel}>
          Back
        </Button>
      </div>
    );

  return (
    <form className="mt-3 space-y-4" onSubmit={(event) => void submit(event)} aria-label={`Drop ${stop.drop}: ${stop.title}`}>
      {outcome === 'delivered' ? (
        <>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-semibold text-slate-600">Collected</legend>
            <CountStepper label="Trolleys" value={back.trolleys} onChange={(trolleys) => setBack({ ...back, trolleys })} />
            <CountStepper label="Shelves" value={back.shelves} onChange={(shelves) => setBack({ ...back, shelves })} />
            <CountStepper label="Extensions" value={back.extensions} onChange={(extensions) => setBack({ ...back, extensions })} />
          </fieldset>
          <label className="block">
            <span className="text-sm font-semibold text-slate-600">Received by</span>
            <input
              className="mt-1 block min-h-12 w-full rounded-md border border-slate-300 px-3 text-base"
              value={receivedBy}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setReceivedBy(event.target.value)}
            />
          </label>
          <div>
            <span className="text-sm font-semibold text-slate-600">Signature</span>
            <SignatureField handle={signature} onChange={onSigned} />
          </div>
          <label className="block">
            <span className="text-sm font-semibold text-slate-600">Photo (optional)</span>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="mt-1 block min-h-12 w-full text-base"
              onChange={(event) => {
                const file = event.target.files?.[0];
                setPhoto(null);
                if (file)
                  void shrinkPhoto(file).then((kept) => {
                    setPhoto(kept.ok ? kept.photo : null);
                    setProblem(kept.ok ? '' : kept.problem);
                  });
              }}
            />
            {photo && <span className="text-sm text-slate-600">Photo ready ({Math.round(photo.size / 1024)} KB)</span>}
          </label>
        </>
      ) : (
        <label className="block">
          <span className="text-sm font-semibold text-slate-600">Why was it not delivered?</span>
          <textarea
            className="mt-1 block min-h-24 w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      )}
      {problem !== '' && (
        <p role="alert" className="text-base text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" fullWidth disabled={busy}>
        {outcome === 'delivered' ? 'Record delivery' : 'Record not delivered'}
      </Button>
      <Button variant="ghost" size="lg" fullWidth onClick={() => setOutcome(null)}>
        Back
      </Button>
    </form>
  );
}
