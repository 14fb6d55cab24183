import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { paths } from '../../lib/paths';
import { pb } from '../../lib/pb';
import { AuthCard } from './auth-card';
import { textLinkClass } from '../../components/ui/text-link';

const messages = {
  verifying: 'Verifying...',
  success: 'Email verified! You can now log in.',
  failed: 'Verification failed or token expired.',
} as const;

/** Redirect to /login 2 s after a successful verification (docs/product.md#account-pages). */
const REDIRECT_DELAY_MS = 2000;

type Status = 'verifying' | 'success' | 'failed';

/** /auth/confirm-verification/:token: confirms the mailed token once, then sends the user to /login. */
export default function ConfirmVerificationPage() {
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [status, setStatus] = useState<Status>('verifying');
  // StrictMode mounts effects twice; a token is single-use, so the second call would fail.
  const requestedToken = useRef<string | null>(null);

  useEffect(() => {
    if (requestedToken.current === token) return;
    requestedToken.current = token;
    if (!token) {
      setStatus('failed');
      return;
    }
    setStatus('verifying');
    pb.collection('users')
      .confirmVerification(token)
      .then(
        () => setStatus('success'),
        () => setStatus('failed'),
      );
  }, [token]);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => void navigate(paths.login, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  return (
    <AuthCard title="Email verification">
      <p
        role={status === 'verifying' ? 'status' : 'alert'}
        className={
          status === 'failed'
            ? 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800'
            : status === 'success'
              ? 'rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-800'
              : 'text-slate-700'
        }
      >
        {messages[status]}
      </p>
      {status === 'failed' && (
        <p className="mt-4 text-sm">
          <Link to={paths.resendVerification} className={textLinkClass}>
            Send a new verification email
          </Link>
        </p>
      )}
      {status === 'success' && (
        <p className="mt-4 text-sm">
          <Link to={paths.login} className={textLinkClass}>
            Go to login
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
