import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { SignInFields } from '../../components/ui/sign-in-fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { textLinkClass } from '../../components/ui/text-link';
import { notify } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { passReturnPathOn, returnPathFrom } from '../../lib/return-path';
import { useLocation, useNavigate } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { describeSignInOutcome, signIn, signInMessages } from './sign-in';

interface SignInFormProps {
  /** A message carried over from sign-up ("Account created! ..."). */
  initialMessage: FormMessageState | null;
  onCreateAccount: () => void;
}

/** "Welcome": username or e-mail and password; success goes to the board, or to the page asked for (`next`). */
export function SignInForm({ initialMessage, onCreateAccount }: SignInFormProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState(initialMessage);
  const showError = (text: string) => setMessage({ tone: 'error', text });

  // Each message is shown once: in the box next to the form, or as a toast when the outcome
  // leaves this page (signed in, or sent to accept the terms).
  const submit = async () => {
    const identity = username.trim();
    if (!identity || !password) {
      showError(signInMessages.missingFields);
      return;
    }
    setIsBusy(true);
    setMessage(null);
    const outcome = await signIn(identity, password);
    setIsBusy(false);
    if (outcome.kind === 'success') {
      notify.success(signInMessages.success);
      void navigate(returnPathFrom(search, paths.login) ?? paths.board, { replace: true });
    } else if (outcome.kind === 'no_terms') {
      notify.error(describeSignInOutcome(outcome));
      void navigate(passReturnPathOn(search, paths.login, paths.acceptTerms), { replace: true });
    } else {
      showError(describeSignInOutcome(outcome));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isBusy) void submit();
  };

  return (
    <>
      <form className="space-y-4" onSubmit={onSubmit}>
        <SignInFields username={username} password={password} onUsername={setUsername} onPassword={setPassword} />
        <FormMessage message={message} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="secondary" size="lg" fullWidth disabled={isBusy} onClick={onCreateAccount}>
            Create an account
          </Button>
          <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
            {isBusy ? 'Logging In...' : 'Login'}
          </Button>
        </div>
      </form>
      <nav className="mt-6 flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
        <Link to={paths.forgotPassword} className={textLinkClass}>
          Forgot password?
        </Link>
        <Link to={paths.resendVerification} className={textLinkClass}>
          Didn&apos;t get a verification email?
        </Link>
      </nav>
    </>
  );
}
