import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { paths } from '../../lib/paths';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';
import { AuthCard } from './auth-card';
import { Button } from '../../components/ui/button';
import { textLinkClass } from '../../components/ui/text-link';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { NewPasswordFields } from '../../components/ui/new-password-fields';

const messages = {
  success: 'Password reset successful',
  failed: 'Reset failed',
  // Checked before asking the server (docs/product.md#account-pages).
  mismatch: 'Passwords do not match',
  missing: 'Please fill in all fields',
  noToken: 'This reset link is incomplete. Request a new one from the forgot password page.',
} as const;

/**
 * Sets a new password from a mailed token: /auth/confirm-password-reset/:token, or
 * /reset-password?token=... (where the /_/ hash redirect lands).
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params['token'] ?? searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(token ? null : { tone: 'error', text: messages.noToken });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) {
      setMessage({ tone: 'error', text: messages.noToken });
      return;
    }
    if (!password || !confirmPassword) {
      setMessage({ tone: 'error', text: messages.missing });
      return;
    }
    if (password !== confirmPassword) {
      setMessage({ tone: 'error', text: messages.mismatch });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      await pb.collection('users').confirmPasswordReset(token, password, confirmPassword);
      // The reset ends every earlier session on the server; drop ours so /login is reachable.
      pb.authStore.clear();
      window.alert(messages.success);
      void navigate(paths.login, { replace: true });
    } catch (err) {
      const detail = describeError(err, '');
      setMessage({ tone: 'error', text: detail ? `${messages.failed}. ${detail}` : messages.failed });
      window.alert(messages.failed);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthCard title="Choose a new password">
      <form className="space-y-4" onSubmit={(e) => void handleSubmit(e)}>
        <NewPasswordFields
          label="New Password"
          name="password"
          confirmName="confirmPassword"
          password={password}
          confirm={confirmPassword}
          onPassword={setPassword}
          onConfirm={setConfirmPassword}
        />
        <FormMessage message={message} />
        <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
          Reset
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.forgotPassword} className={textLinkClass}>
            Request a new link
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
