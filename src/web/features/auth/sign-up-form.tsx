import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeSignUpError, signUp, signUpMessages, validateSignUp, type SignUpFields } from './sign-up';
import { TermsConsent } from './terms-consent';

const EMPTY: SignUpFields = { email: '', username: '', password: '', confirmPassword: '', agreed: false };

interface SignUpFormProps {
  /** The account exists: back to sign-in, with this message. */
  onSignedUp: (message: FormMessageState) => void;
  onSignIn: () => void;
}

/** "Sign up": e-mail, username, password twice and the terms; the verification mail goes out. */
export function SignUpForm({ onSignedUp, onSignIn }: SignUpFormProps) {
  const [fields, setFields] = useState(EMPTY);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const setField = <K extends keyof SignUpFields>(key: K, value: SignUpFields[K]) => setFields((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    const problem = validateSignUp(fields);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      const { verificationSent } = await signUp(fields, new Date());
      onSignedUp(verificationSent ? { tone: 'success', text: signUpMessages.success } : { tone: 'info', text: signUpMessages.mailFailed });
    } catch (err) {
      setMessage({ tone: 'error', text: describeSignUpError(err) });
      setIsBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isBusy) void submit();
  };

  return (
    <form className="space-y-4" onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={fields.email}
        onChange={(e) => setField('email', e.target.value)}
      />
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
        autoComplete="new-password"
        value={fields.password}
        onChange={(e) => setField('password', e.target.value)}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={(e) => setField('confirmPassword', e.target.value)}
      />
      <TermsConsent id="signup-terms" lead="I agree to" checked={fields.agreed} onChange={(agreed) => setField('agreed', agreed)} />
      <FormMessage message={message} />
      <div className="flex flex-col gap-3">
        <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
          {isBusy ? 'Creating...' : 'Create Account'}
        </Button>
        <Button variant="secondary" size="lg" fullWidth disabled={isBusy} onClick={onSignIn}>
          Continue to log in
        </Button>
      </div>
    </form>
  );
}
