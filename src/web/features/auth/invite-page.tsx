import { useEffect, useState, type FormEvent } from 'react';
import { ClientResponseError } from 'pocketbase';
import { TEAM_API, type InvitationPreview } from '#domain/accounts/invitations';
import { roleLabel } from '#domain/collections/users';
import { Button } from '../../components/ui/button';
import { SignInFields } from '../../components/ui/sign-in-fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { paths } from '../../lib/paths';
import { pb } from '../../lib/pb';
import { useNavigate, useParams } from '../../lib/router/hooks';
import { useCurrentUser } from '../../lib/use-current-user';
import { AuthCard } from './auth-card';
import { describeSignInOutcome, signIn } from './sign-in';
import { SignUpForm } from './sign-up-form';

type Loaded = { state: 'loading' } | { state: 'refused'; message: string } | { state: 'ready'; invitation: InvitationPreview };

/** The invitation's sentence from the server (used, expired, withdrawn, not valid), or a general one. */
function refusal(err: unknown): string {
  return describeError(err, 'This invitation could not be opened just now. Check your connection and try the link again.');
}

/** Joins the invitation's nursery with the signed-in account, then keeps the new nursery and role in the session. */
async function accept(token: string): Promise<void> {
  await pb.send(TEAM_API.acceptInvitation(token), { method: 'POST' });
  await pb.collection('users').authRefresh();
}

/**
 * /invite/:token, the link in an invitation mail (docs/decisions/035): names the nursery and the
 * role; a visitor creates an account in it (the sign-up form without a nursery field) or signs in
 * to join with the account they have; someone signed in joins with one button.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const user = useCurrentUser();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    pb.send<InvitationPreview>(TEAM_API.invitation(token), { method: 'GET' }).then(
      (invitation) => current && setLoaded({ state: 'ready', invitation }),
      (err: unknown) => current && setLoaded({ state: 'refused', message: refusal(err) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (loaded.state === 'loading') return <LoadingScreen text="Opening your invitation..." />;
  if (loaded.state === 'refused')
    return (
      <AuthCard title="Invitation">
        <FormMessage message={{ tone: 'error', text: loaded.message }} />
      </AuthCard>
    );
  const { invitation } = loaded;
  return (
    <AuthCard title={`Join ${invitation.nurseryName}`}>
      <p className="mb-4 text-sm text-slate-700">
        {invitation.invitedBy} invited you to join <strong>{invitation.nurseryName}</strong> as{' '}
        <strong>{roleLabel(invitation.role)}</strong>.
      </p>
      {user ? (
        <AcceptAsUser token={token} nurseryName={invitation.nurseryName} username={user.username} />
      ) : (
        <JoinAsVisitor token={token} invitation={invitation} />
      )}
    </AuthCard>
  );
}

function AcceptAsUser({ token, nurseryName, username }: { token: string; nurseryName: string; username: string }) {
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const join = async () => {
    setIsBusy(true);
    setMessage(null);
    try {
      await accept(token);
      notify.success(`You joined ${nurseryName}.`);
      void navigate(paths.board, { replace: true });
    } catch (err) {
      setMessage({ tone: 'error', text: refusal(err) });
      setIsBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        You are signed in as <strong>{username}</strong>. Joining moves this account to {nurseryName}.
      </p>
      <FormMessage message={message} />
      <Button variant="primary" size="lg" fullWidth disabled={isBusy} onClick={() => void join()}>
        {isBusy ? 'Joining...' : `Join ${nurseryName}`}
      </Button>
    </div>
  );
}

type VisitorView = { mode: 'sign-up' } | { mode: 'sign-in' } | { mode: 'done'; message: FormMessageState };

function JoinAsVisitor({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const [view, setView] = useState<VisitorView>({ mode: 'sign-up' });

  if (view.mode === 'done')
    return (
      <div className="space-y-4">
        <FormMessage message={view.message} />
        <Button variant="primary" size="lg" fullWidth onClick={() => void navigate(paths.login)}>
          Continue to log in
        </Button>
      </div>
    );
  if (view.mode === 'sign-in')
    return <SignInToAccept token={token} nurseryName={invitation.nurseryName} onBack={() => setView({ mode: 'sign-up' })} />;
  return (
    <>
      <SignUpForm
        invitation={{ token, email: invitation.email }}
        onSignedUp={(message) => setView({ mode: 'done', message })}
        onSignIn={() => setView({ mode: 'sign-in' })}
        signInLabel="I already have an account"
      />
    </>
  );
}

/** Someone with an account: sign in here, and the invitation is accepted at once. */
function SignInToAccept({ token, nurseryName, onBack }: { token: string; nurseryName: string; onBack: () => void }) {
  const navigate = useNavigate();
  const [identity, setIdentity] = useState('');
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setMessage(null);
    const outcome = await signIn(identity.trim(), password);
    if (outcome.kind !== 'success' && outcome.kind !== 'no_terms') {
      setMessage({ tone: 'error', text: describeSignInOutcome(outcome) });
      setIsBusy(false);
      return;
    }
    try {
      await accept(token);
      notify.success(`You joined ${nurseryName}.`);
      void navigate(outcome.kind === 'no_terms' ? paths.acceptTerms : paths.board, { replace: true });
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof ClientResponseError ? refusal(err) : describeError(err) });
      setIsBusy(false);
    }
  };

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)}>
      <SignInFields username={identity} password={password} onUsername={setIdentity} onPassword={setPassword} />
      <FormMessage message={message} />
      <div className="flex flex-col gap-3">
        <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
          {isBusy ? 'Joining...' : `Log in and join ${nurseryName}`}
        </Button>
        <Button variant="secondary" size="lg" fullWidth disabled={isBusy} onClick={onBack}>
          Create a new account instead
        </Button>
      </div>
    </form>
  );
}
