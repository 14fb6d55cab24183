import { Button } from '../../components/ui/button';

/** What the mapper found kept on this device when it opened (plan-draft.ts). */
export type DraftNotice =
  /** The unsaved plan is back on screen. */
  | { kind: 'restored'; at: string }
  /** The board handed over new stops, and another unsaved new plan is kept: which one to work on. */
  | { kind: 'waiting'; at: string }
  /** The run can no longer change (dispatched, delivered, cancelled): the plan kept for it was removed. */
  | { kind: 'set-aside'; at: string; state: FixedState };

/** The states in which a run's plan is fixed (planFixedReason). */
export type FixedState = 'dispatched' | 'delivered' | 'cancelled';

/** What the mapper says when it set a kept plan aside, by the run's state (docs/decisions/064). */
export const SET_ASIDE_SENTENCES: Readonly<Record<FixedState, string>> = {
  dispatched: 'This run was dispatched, so the plan kept on this device was set aside; this is the plan as dispatched.',
  delivered: 'This run was delivered, so the plan kept on this device was set aside; this is the plan as dispatched.',
  cancelled: 'This run was cancelled, so the plan kept on this device was set aside; this is the plan as it was cancelled.',
};

/** "10:12", or "23 Nov, 10:12" for another day: when the kept plan was last changed. */
function shortTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return date.toDateString() === new Date().toDateString()
    ? time
    : `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time}`;
}

// The sentence takes the room and wraps; the two answers stay side by side, never one of them alone on a line.
const SENTENCE = 'min-w-0 flex-1 basis-64';
const ANSWERS = 'flex shrink-0 gap-2';

interface DraftBannerProps {
  notice: DraftNotice;
  /** A saved run goes back to its saved copy on Discard, a new plan to how it was opened. */
  isSavedRun: boolean;
  onDiscard: () => void;
  onOpen: () => void;
  onDismiss: () => void;
}

/** Says what was found kept on this device, with what to do about it. */
export function DraftBanner({ notice, isSavedRun, onDiscard, onOpen, onDismiss }: DraftBannerProps) {
  const when = shortTime(notice.at);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      {notice.kind === 'set-aside' ? (
        <>
          <p className={SENTENCE}>{SET_ASIDE_SENTENCES[notice.state]}</p>
          <div className={ANSWERS}>
            <Button size="sm" variant="secondary" onClick={onDismiss}>
              OK
            </Button>
          </div>
        </>
      ) : notice.kind === 'restored' ? (
        <>
          <p className={SENTENCE}>
            <span className="font-semibold">Unsaved plan restored</span>
            {when && ` (last changed ${when})`}. Save it, or discard it to {isSavedRun ? 'go back to the saved run' : 'start again'}.
          </p>
          <div className={ANSWERS}>
            <Button size="sm" variant="secondary" onClick={onDiscard}>
              Discard
            </Button>
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              Keep
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={SENTENCE}>
            <span className="font-semibold">Another unsaved plan is kept on this device</span>
            {when && ` (last changed ${when})`}.
          </p>
          <div className={ANSWERS}>
            <Button size="sm" variant="secondary" onClick={onOpen}>
              Open it
            </Button>
            <Button size="sm" variant="ghost" onClick={onDiscard}>
              Discard it
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
