import { useEffect, useState } from 'react';
import type { DriverLinkView } from '#domain/driver/driver-link';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { useCurrentUser } from '../../lib/use-current-user';
import { canHandDriverLinks, newDriverLink, revokeDriverLink, runDriverLinks } from '../../lib/driver/driver-links';

/** dd/mm/yyyy hh:mm in the reader's zone. */
const until = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/**
 * "Driver link" on a run of Runs (docs/decisions/044): the run's working link as a QR code and
 * short address to copy, a new one, and Revoke. Office staff and admins only.
 */
export function DriverLinkButton({ runId, name }: { runId: string; name: string }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!canHandDriverLinks(user?.role)) return null;
  return (
    <>
      <button
        type="button"
        className={`${buttonClass({ variant: 'secondary', size: 'sm' })} shrink-0`}
        aria-label={`Driver link for ${name}`}
        onClick={() => setOpen(true)}
      >
        Driver link
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Driver link · ${name}`}>
        {open && <DriverLinkPanel runId={runId} />}
        <div className="mt-4 flex justify-end">
          <Button onClick={() => setOpen(false)}>Close</Button>
        </div>
      </Dialog>
    </>
  );
}

function DriverLinkPanel({ runId }: { runId: string }) {
  const [links, setLinks] = useState<DriverLinkView[] | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState('');
  const working = links?.find((link) => link.active) ?? null;

  useEffect(() => {
    runDriverLinks(runId).then(setLinks, (error: unknown) => setProblem(describeError(error)));
  }, [runId]);
  useEffect(() => {
    if (!working) return setQr('');
    let cancelled = false;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(working.url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then((url) => !cancelled && setQr(url)),
    );
    return () => {
      cancelled = true;
    };
  }, [working]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
      setLinks(await runDriverLinks(runId));
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => notify.success('Copied.'),
      () => notify.error('Could not copy: select the address and copy it.'),
    );

  if (links === null && problem === '') return <p>Loading…</p>;
  return (
    <div className="space-y-3">
      {working ? (
        <>
          {qr && <img src={qr} alt="QR code of the driver's link" className="mx-auto h-60 w-60" />}
          <p className="text-center text-lg font-semibold" data-testid="driver-short-url">
            {working.shortUrl}
          </p>
          <p className="text-center text-sm text-slate-600">Works until {until(working.expires)}. The run sheet prints this code too.</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => void copy(working.shortUrl)}>Copy address</Button>
            <Button onClick={() => void copy(working.url)}>Copy QR link</Button>
            <Button variant="danger" disabled={busy} onClick={() => void act(() => revokeDriverLink(working.id))}>
              Revoke
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            A driver's link opens this run on the driver's phone, without an account, to record its drops. It works for 3 days and can be
            revoked.
          </p>
          <Button variant="primary" disabled={busy} onClick={() => void act(() => newDriverLink(runId))}>
            Make a driver's link
          </Button>
        </>
      )}
      {problem !== '' && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
