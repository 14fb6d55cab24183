import { useState } from 'react';
import { invitationState } from '#domain/accounts/invitations';
import { roleLabel } from '#domain/collections/users';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { withdrawInvitation, type InvitationRecord } from './team-api';

function readableDay(timestamp: string): string {
  const date = new Date(timestamp.replace(' ', 'T'));
  return Number.isNaN(date.getTime())
    ? timestamp
    : date.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
}

/** Invitations sent and not used yet: until when each works, and Withdraw. */
export function InvitationList({ invitations, now }: { invitations: readonly InvitationRecord[]; now: Date }) {
  if (invitations.length === 0) return <p className="text-sm text-slate-500">No invitations waiting.</p>;
  return (
    <ul
      aria-label="Invitations"
      className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} expired={invitationState(invitation, now) === 'expired'} />
      ))}
    </ul>
  );
}

function InvitationRow({ invitation, expired }: { invitation: InvitationRecord; expired: boolean }) {
  const [isBusy, setIsBusy] = useState(false);
  const withdraw = async () => {
    setIsBusy(true);
    try {
      await withdrawInvitation(invitation.id);
      notify.success(`Invitation to ${invitation.email} withdrawn.`);
    } catch (err) {
      notify.error(describeError(err));
      setIsBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3 sm:px-4">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-600">
          {roleLabel(invitation.role)} ·{' '}
          {expired ? <span className="font-medium text-amber-800">Expired</span> : `Works until ${readableDay(invitation.expires)}`}
        </p>
      </div>
      <Button size="sm" disabled={isBusy} onClick={() => void withdraw()} aria-label={`Withdraw the invitation to ${invitation.email}`}>
        Withdraw
      </Button>
    </li>
  );
}
