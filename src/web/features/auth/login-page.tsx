import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '../../app/paths';
import { primaryButton, secondaryButton, textLink } from './buttons';
import { FormMessage, type FormMessageState } from './form-message';
import { describeSignInOutcome, signIn, signInMessages } from './sign-in';
import { describeSignUpError, signUp, signUpMessages, validateSignUp } from './sign-up';
import { TermsConsent } from './terms-consent';
import { TextField } from './text-field';

type Mode = 'sign-in' | 'sign-up';

const emptyFields = { email: '', username: '', password: '', confirmPassword: '', agreed: false };

/** /login: sign in ("Welcome") and sign up ("Sign up") on one screen (spec sections 2, 4, 5, 8). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [fields, setFields] = useState(emptyFields);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const setField = <K extends keyof typeof emptyFields>(key: K, value: (typeof emptyFields)[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const showError = (text: string) => {
    setMessage({ tone: 'error', text });
    toast.error(text);
  };

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
      toast.success(signInMessages.success);
      void navigate(paths.board, { replace: true });
      return;
    }
    showError(describeSignInOutcome(outcome));
    if (outcome.kind === 'no_terms') void navigate(paths.acceptTerms, { replace: true });
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
        toast.success(signUpMessages.success);
      } else {
        setMessage({ tone: 'info', text: signUpMessages.mailFailed });
        toast(signUpMessages.mailFailed);
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
                <button type="button" className={secondaryButton} disabled={isBusy} onClick={() => switchMode('sign-up')}>
                  Create an account
                </button>
                <button type="submit" className={primaryButton} disabled={isBusy}>
                  {isBusy ? 'Logging In...' : 'Login'}
                </button>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <button type="submit" className={primaryButton} disabled={isBusy}>
                  {isBusy ? 'Creating...' : 'Create Account'}
                </button>
                <button type="button" className={secondaryButton} disabled={isBusy} onClick={() => switchMode('sign-in')}>
                  Continue to log in
                </button>
              </div>
            )}
          </form>

          {mode === 'sign-in' && (
            <nav className="mt-6 flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
              <Link to={paths.forgotPassword} className={textLink}>
                Forgot password?
              </Link>
              <Link to={paths.resendVerification} className={textLink}>
                Didn&apos;t get a verification email?
              </Link>
            </nav>
          )}
        </div>
      </section>
    </main>
  );
}
