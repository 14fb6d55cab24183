import { useState, type FormEvent } from 'react';
import { useParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { paths } from '../../lib/paths';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';
import { AuthCard } from './auth-card';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { textLinkClass } from '../../components/ui/text-link';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';

/**
 * /auth/confirm-email-change/:token, the link mailed to the address a yard account asked to add
 * (docs/decisions/056): the account's password confirms it.
 */
export default function ConfirmEmailChangePage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setMessage({ tone: 'error', text: 'Please enter your password' });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      // The SDK signs out its own account after an e-mail change (PocketBase ends sessions then);
      // ours keeps them (docs/decisions/056), so a yard screen that opened the link stays signed in.
      const { token: session, record } = pb.authStore;
      await pb.collection('users').confirmEmailChange(token, password);
      if (session && record && !pb.authStore.isValid) {
        pb.authStore.save(session, record);
        // The address shows at once (Settings reads the session's record).
        await pb
          .collection('users')
          .authRefresh()
          .catch(() => undefined);
      }
      setDone(true);
      setMessage({ tone: 'success', text: 'Your email address is added. You can sign in with it, and reset your password by mail.' });
    } catch (err) {
      setMessage({ tone: 'error', text: `The address was not added. ${describeError(err, 'Try again.')}` });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthCard title="Add your email address">
      <form className="space-y-4" onSubmit={(e) => void handleSubmit(e)}>
        {!done && (
          <>
            <p className="text-sm text-slate-600">Enter the password of your account to add this email address to it.</p>
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        )}
        <FormMessage message={message} />
        {!done && (
          <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
            Add my email
          </Button>
        )}
        <p className="text-center text-sm">
          <Link to={paths.settings} className={textLinkClass}>
            Go to Settings
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
