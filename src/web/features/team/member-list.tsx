import { useState } from 'react';
import { lastAdminRefusal, type TeamChange } from '#domain/accounts/last-admin';
import type { UserRecord } from '#domain/records';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { changeMember } from './team-api';
import { memberName } from './member-name';
import { ROLE_OPTIONS } from './team-dialogs';

/** PocketBase time in the reader's words ("Mon 9 Mar, 09:12"), or "Never". */
function readableTime(timestamp: string | undefined): string {
  if (!timestamp) return 'Never';
  const date = new Date(timestamp.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return timestamp;
  return date.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

function Badge({ tone, children }: { tone: 'green' | 'amber' | 'red' | 'slate'; children: string }) {
  const colours = {
    green: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200',
    amber: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
    red: 'bg-red-50 text-red-800 ring-1 ring-red-200',
    slate: 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
  };
  return <span className={`${badgeClass} ${colours[tone]}`}>{children}</span>;
}

interface MemberListProps {
  members: readonly UserRecord[];
  /** The signed-in admin: they cannot disable or remove themselves here. */
  selfId: string;
  onTemporaryPassword: (member: UserRecord) => void;
  onRemove: (member: UserRecord) => void;
}

/** Everyone in the nursery: who they are, their role (changed in place), and what an admin can do to their account. */
export function MemberList({ members, selfId, onTemporaryPassword, onRemove }: MemberListProps) {
  return (
    <ul
      aria-label="Team members"
      className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      {members.map((member) => (
        <MemberRow
          key={member.id}
          member={member}
          members={members}
          isSelf={member.id === selfId}
          onTemporaryPassword={() => onTemporaryPassword(member)}
          onRemove={() => onRemove(member)}
        />
      ))}
    </ul>
  );
}

interface MemberRowProps {
  member: UserRecord;
  members: readonly UserRecord[];
  isSelf: boolean;
  onTemporaryPassword: () => void;
  onRemove: () => void;
}

function MemberRow({ member, members, isSelf, onTemporaryPassword, onRemove }: MemberRowProps) {
  const [isBusy, setIsBusy] = useState(false);
  const name = memberName(member);
  const yard = member.email === '';

  /** The last-admin rule answers at once here; the server answers again (and for anyone else changing the team meanwhile). */
  const apply = async (change: TeamChange & ({ role: string } | { disabled: boolean }), done: string) => {
    const refusal = lastAdminRefusal(members, member.id, change);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    setIsBusy(true);
    try {
      await changeMember(member.id, change);
      notify.success(done);
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    // Fixed widths after the name, so the columns line up from one person to the next.
    <li className="grid gap-3 px-3 py-3 sm:px-4 md:grid-cols-[minmax(0,1fr)_10rem_9rem_21rem] md:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {name}
          {isSelf && <span className="ml-1 text-sm font-normal text-slate-500">(you)</span>}
        </p>
        <p className="text-sm break-words text-slate-600">
          {member.name.trim() && <span>{member.username} · </span>}
          {yard ? 'Yard account, no e-mail' : member.email}
        </p>
        <p className="mt-1 flex flex-wrap gap-1">
          {member.disabled ? <Badge tone="red">Disabled</Badge> : null}
          {!yard && (member.verified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>)}
          {member.mustChangePassword ? <Badge tone="slate">Must change password</Badge> : null}
        </p>
      </div>
      <p className="text-sm text-slate-600">
        <span className="block text-xs text-slate-500">Last sign-in</span>
        {readableTime(member.lastSignIn)}
      </p>
      <label className="block text-sm">
        <span className="sr-only">Role of {name}</span>
        <select
          className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none disabled:bg-slate-100 md:min-h-9 md:text-sm"
          value={member.role}
          disabled={isBusy}
          onChange={(e) =>
            void apply(
              { role: e.target.value },
              `${name} is now ${ROLE_OPTIONS.find((o) => o.value === e.target.value)?.label ?? e.target.value}.`,
            )
          }
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap gap-2 md:justify-end">
        {!isSelf && (
          <>
            <Button size="sm" disabled={isBusy} onClick={onTemporaryPassword} aria-label={`Temporary password for ${name}`}>
              Temporary password
            </Button>
            <Button
              size="sm"
              disabled={isBusy}
              onClick={() =>
                void apply(
                  { disabled: !member.disabled },
                  member.disabled ? `${name} can sign in again.` : `${name} is disabled and signed out.`,
                )
              }
              aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${name}`}
            >
              {member.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700! hover:bg-red-50!"
              disabled={isBusy}
              onClick={onRemove}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
