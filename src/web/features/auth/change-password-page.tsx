import { useState, type FormEvent } from 'react';
import type { UserRecord } from '#domain/records';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { paths } from '../../lib/paths';
import { pb } from '../../lib/pb';
import { useNavigate } from '../../lib/router/hooks';
import { Navigate } from '../../lib/router/links';
import { currentUser, logout } from '../../lib/session';
import { AuthCard } from './auth-card';

/**
 * /change-password: someone an admin gave a temporary password chooses their own before anything
 * else (docs/decisions/035). The server refuses their writes until they have; a new password ends
 * every session, so this one signs in again with it.
 */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const [user] = useState(() => currentUser());
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  if (!user?.mustChangePassword) return <Navigate to={paths.board} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    if (!current || !password || !confirm) {
      setMessage({ tone: 'error', text: 'Please fill in all fields' });
      return;
    }
    if (password !== confirm) {
      setMessage({ tone: 'error', text: 'Passwords do not match' });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      await pb.collection('users').update<UserRecord>(user.id, { oldPassword: current, password, passwordConfirm: confirm });
      await pb.collection('users').authWithPassword(user.email || user.username, password);
      notify.success('Your new password is set.');
      void navigate(paths.board, { replace: true });
    } catch (err) {
      setMessage({ tone: 'error', text: describeError(err) });
      setIsBusy(false);
    }
  };

  return (
    <AuthCard title="Choose your password">
      <p className="mb-4 text-sm text-slate-700">
        An admin of your nursery gave you a temporary password. Choose your own to carry on; nobody else will know it.
      </p>
      <form className="space-y-4" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Temporary password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields
          label="New password"
          name="new-password"
          confirmName="confirm-password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <FormMessage message={message} />
        <div className="flex flex-col gap-3">
          <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
            {isBusy ? 'Saving...' : 'Save my password'}
          </Button>
          <Button variant="secondary" size="lg" fullWidth disabled={isBusy} onClick={logout}>
            Logout
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
