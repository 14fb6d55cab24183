import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { textLinkClass } from '../../components/ui/text-link';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeSignInOutcome, signIn, signInMessages } from './sign-in';
import { describeSignUpError, signUp, signUpMessages, validateSignUp } from './sign-up';
import { TermsConsent } from './terms-consent';
import { TextField } from '../../components/ui/fields';

type Mode = 'sign-in' | 'sign-up';

const emptyFields = { email: '', username: '', password: '', confirmPassword: '', agreed: false };

/** /login: sign in ("Welcome") and sign up ("Sign up") on one screen (docs/product.md#login). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
  useDocumentTitle(mode === 'sign-in' ? 'Log in' : 'Sign up');
  const [fields, setFields] = useState(emptyFields);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const setField = <K extends keyof typeof emptyFields>(key: K, value: (typeof emptyFields)[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  // Each message is shown once: in the box next to the form, or as a toast when the outcome
  // leaves this page (signed in, or sent to accept the terms).
  const showError = (text: string) => setMessage({ tone: 'error', text });

  const switchMode = (next: Mode) => {
    setMode(next);
    setFields(emptyFields);
    setMessage(null);
  };

  const handleSignIn = async () => {
    const identity = fields.username.trim();
    if (!identity || !fields.password) {
      showError(signInMessages.missingFields);
      return;
    }
    setIsBusy(true);
    setMessage(null);
    const outcome = await signIn(identity, fields.password);
    setIsBusy(false);
    if (outcome.kind === 'success') {
      notify.success(signInMessages.success);
      void navigate(paths.board, { replace: true });
      return;
    }
    if (outcome.kind === 'no_terms') {
      // This page is left at once, so the message goes with the user as a toast.
      notify.error(describeSignInOutcome(outcome));
      void navigate(paths.acceptTerms, { replace: true });
      return;
    }
    showError(describeSignInOutcome(outcome));
  };

  const handleSignUp = async () => {
    const problem = validateSignUp(fields);
    if (problem) {
      showError(problem);
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      const { verificationSent } = await signUp(fields, new Date());
      setMode('sign-in');
      setFields(emptyFields);
      if (verificationSent) {
        setMessage({ tone: 'success', text: signUpMessages.success });
      } else {
        setMessage({ tone: 'info', text: signUpMessages.mailFailed });
      }
    } catch (err) {
      showError(describeSignUpError(err));
    } finally {
      setIsBusy(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    void (mode === 'sign-in' ? handleSignIn() : handleSignUp());
  };

  return (
    <main className="flex min-h-dvh flex-col bg-slate-100 md:flex-row">
      <aside className="flex flex-col justify-center bg-emerald-800 px-6 py-8 text-white md:w-2/5 md:px-12 lg:w-1/2">
        <p className="text-3xl font-bold tracking-tight sm:text-4xl lg:text-5xl">Trolleyboard</p>
        <p className="mt-2 text-lg text-emerald-100 sm:text-xl">create and track orders</p>
      </aside>

      <section className="flex flex-1 items-start justify-center px-4 py-8 sm:px-6 md:items-center md:py-12">
        <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-md sm:p-8">
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{mode === 'sign-in' ? 'Welcome' : 'Sign up'}</h1>

          <form key={mode} className="space-y-4" onSubmit={handleSubmit}>
            {mode === 'sign-up' && (
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                value={fields.email}
                onChange={(e) => setField('email', e.target.value)}
              />
            )}
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              value={fields.username}
              onChange={(e) => setField('username', e.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              value={fields.password}
              onChange={(e) => setField('password', e.target.value)}
            />
            {mode === 'sign-up' && (
              <>
                <TextField
                  label="Confirm Password"
                  type="password"
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={fields.confirmPassword}
                  onChange={(e) => setField('confirmPassword', e.target.value)}
                />
                <TermsConsent
                  id="signup-terms"
                  lead="I agree to"
                  checked={fields.agreed}
                  onChange={(agreed) => setField('agreed', agreed)}
                />
              </>
            )}

            <FormMessage message={message} />

            {mode === 'sign-in' ? (
              <div className="flex flex-col-reverse gap-3 sm:flex-row">
                <Button variant="secondary" size="lg" fullWidth disabled={isBusy} onClick={() => switchMode('sign-up')}>
                  Create an account
                </Button>
                <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
                  {isBusy ? 'Logging In...' : 'Login'}
                </Button>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
                  {isBusy ? 'Creating...' : 'Create Account'}
                </Button>
                <Button variant="secondary" size="lg" fullWidth disabled={isBusy} onClick={() => switchMode('sign-in')}>
                  Continue to log in
                </Button>
              </div>
            )}
          </form>

          {mode === 'sign-in' && (
            <nav className="mt-6 flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
              <Link to={paths.forgotPassword} className={textLinkClass}>
                Forgot password?
              </Link>
              <Link to={paths.resendVerification} className={textLinkClass}>
                Didn&apos;t get a verification email?
              </Link>
            </nav>
          )}
        </div>
      </section>
    </main>
  );
}
