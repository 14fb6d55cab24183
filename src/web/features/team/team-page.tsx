import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserRecord } from '#domain/records';
import { Button } from '../../components/ui/button';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { invitationsQuery, membersQuery } from './team-api';
import { useCurrentUser } from '../../lib/use-current-user';
import { InvitationList } from './invitation-list';
import { MemberList } from './member-list';
import { InviteDialog, RemoveMemberDialog, TemporaryPasswordDialog, YardAccountDialog } from './team-dialogs';

function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {what} could not be loaded. Check your connection and{' '}
      <button type="button" className="font-semibold underline" onClick={retry}>
        try again
      </button>
      .
    </div>
  );
}

/**
 * /team, for a nursery's admins (docs/product.md#team): everyone with their role, e-mail, whether
 * verified and their last sign-in; invitations by e-mail, yard accounts, role changes, temporary
 * passwords, disabling and removing. The server refuses all of it to anyone else.
 */
export default function TeamPage() {
  useDocumentTitle('Team');
  const user = useCurrentUser();
  const members = useQuery(membersQuery());
  const invitations = useQuery(invitationsQuery());
  const [dialog, setDialog] = useState<'invite' | 'yard' | null>(null);
  const [temporary, setTemporary] = useState<UserRecord | null>(null);
  const [removing, setRemoving] = useState<UserRecord | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-3 py-5 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Team</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => setDialog('invite')}>
            Invite by e-mail
          </Button>
          <Button onClick={() => setDialog('yard')}>Create yard account</Button>
        </div>
      </div>

      <section aria-labelledby="members-title" className="space-y-3">
        <h2 id="members-title" className="text-lg font-semibold text-slate-900">
          People
        </h2>
        <PanelErrorBoundary panelName="People">
          {members.isPending && <LoadingScreen />}
          {members.isError && <LoadFailed what="The team" retry={() => void members.refetch()} />}
          {members.isSuccess && (
            <MemberList members={members.data} selfId={user?.id ?? ''} onTemporaryPassword={setTemporary} onRemove={setRemoving} />
          )}
        </PanelErrorBoundary>
      </section>

      <section aria-labelledby="invitations-title" className="space-y-3">
        <h2 id="invitations-title" className="text-lg font-semibold text-slate-900">
          Invitations
        </h2>
        <PanelErrorBoundary panelName="Invitations">
          {invitations.isPending && <LoadingScreen />}
          {invitations.isError && <LoadFailed what="The invitations" retry={() => void invitations.refetch()} />}
          {invitations.isSuccess && <InvitationList invitations={invitations.data} now={new Date()} />}
        </PanelErrorBoundary>
      </section>

      <InviteDialog open={dialog === 'invite'} onClose={() => setDialog(null)} />
      <YardAccountDialog open={dialog === 'yard'} onClose={() => setDialog(null)} />
      <TemporaryPasswordDialog member={temporary} onClose={() => setTemporary(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
