import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router/hooks';
import { returnPathFrom } from '../../lib/return-path';
import { Navigate } from '../../lib/router/links';
import type { UserRecord } from '#domain/records';
import { paths } from '../../lib/paths';
import { pb } from '../../lib/pb';
import { currentUser, isTermsAccepted } from '../../lib/session';
import { AuthCard } from './auth-card';
import { Button } from '../../components/ui/button';
import { TermsConsent } from './terms-consent';
import { newConsent } from './consent';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';

const messages = {
  mustAgree: 'You must agree to the terms to continue.',
  notAuthenticated: 'User not authenticated.',
  accepted: 'Terms accepted. Redirecting...',
  failed: 'Something went wrong. Try again.',
} as const;

/** Long enough to read "Terms accepted. Redirecting..." before the board appears. */
const REDIRECT_DELAY_MS = 1000;

/** /accept-terms: records the user's agreement to terms v1.0 (docs/product.md#account-pages). */
export default function AcceptTermsPage() {
  const navigate = useNavigate();
  // The page asked for before signing in, else the board.
  const onward = returnPathFrom(useLocation().search, paths.acceptTerms) ?? paths.board;
  // Decided once on arrival: after accepting here the page shows its message before leaving.
  const [hadAcceptedOnArrival] = useState(() => isTermsAccepted(currentUser()));
  const [isAgreed, setIsAgreed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  useEffect(() => {
    if (!isDone) return;
    const timer = window.setTimeout(() => void navigate(onward, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isDone, navigate, onward]);

  if (hadAcceptedOnArrival) return <Navigate to={onward} replace />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isAgreed) {
      setMessage({ tone: 'error', text: messages.mustAgree });
      return;
    }
    const user = currentUser();
    if (!user) {
      setMessage({ tone: 'error', text: messages.notAuthenticated });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      const updated = await pb.collection('users').update<UserRecord>(user.id, { termsAgreement: newConsent(new Date()) });
      // The SDK refreshes the stored record itself when the reply names the collection;
      // saving it here as well makes sure the gate sees the agreement either way.
      pb.authStore.save(pb.authStore.token, { ...pb.authStore.record, ...updated });
      setMessage({ tone: 'success', text: messages.accepted });
      setIsDone(true);
    } catch {
      setMessage({ tone: 'error', text: messages.failed });
      setIsBusy(false);
    }
  };

  return (
    <AuthCard title="Terms and Privacy Policy">
      <form className="space-y-4" onSubmit={(e) => void handleSubmit(e)}>
        <p className="text-sm text-slate-600">
          Before you use Trolleyboard, please read our Terms and Privacy Policy and confirm that you agree to them.
        </p>
        <TermsConsent
          id="accept-terms-checkbox"
          lead="I have read and agree to"
          checked={isAgreed}
          disabled={isBusy || isDone}
          onChange={setIsAgreed}
        />
        <FormMessage message={message} />
        <Button type="submit" variant="primary" size="lg" fullWidth disabled={!isAgreed || isBusy || isDone}>
          {isBusy ? 'Submitting...' : 'Agree and Continue'}
        </Button>
      </form>
    </AuthCard>
  );
}
