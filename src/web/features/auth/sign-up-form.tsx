import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeSignUpError, signUp, signUpMessages, validateSignUp, type SignUpFields, type SignUpOutcome } from './sign-up';
import { TermsConsent } from './terms-consent';

const EMPTY: SignUpFields = { email: '', username: '', password: '', confirmPassword: '', agreed: false, nurseryName: '' };

/** An invitation the form joins with: the nursery is named by it, so the form does not ask for one. */
export interface FormInvitation {
  token: string;
  /** The address it was sent to, filled in (a person may use another; then it is verified by mail). */
  email: string;
}

interface SignUpFormProps {
  /** The account exists: back to sign-in, with this message. */
  onSignedUp: (message: FormMessageState) => void;
  onSignIn: () => void;
  invitation?: FormInvitation;
  /** The words of the button that goes to sign-in instead. */
  signInLabel?: string;
}

function outcomeMessage(outcome: SignUpOutcome): FormMessageState {
  if (outcome.verified) return { tone: 'success', text: signUpMessages.joined };
  return outcome.verificationSent ? { tone: 'success', text: signUpMessages.success } : { tone: 'info', text: signUpMessages.mailFailed };
}

/**
 * "Sign up": e-mail, username, the new nursery's name (not when joining by invitation), password
 * twice and the terms; the verification mail goes out unless the invitation proved the address.
 */
export function SignUpForm({ onSignedUp, onSignIn, invitation, signInLabel = 'Continue to log in' }: SignUpFormProps) {
  const [fields, setFields] = useState(() => ({ ...EMPTY, email: invitation?.email ?? '' }));
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const setField = <K extends keyof SignUpFields>(key: K, value: SignUpFields[K]) => setFields((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    const problem = validateSignUp(fields, invitation !== undefined);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      onSignedUp(outcomeMessage(await signUp(fields, new Date(), invitation)));
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
      {!invitation && (
        <TextField
          label="Nursery name"
          name="nurseryName"
          autoComplete="organization"
          hint="You become its admin and can invite your team."
          value={fields.nurseryName}
          onChange={(e) => setField('nurseryName', e.target.value)}
        />
      )}
      <NewPasswordFields
        label="Password"
        name="password"
        confirmName="confirmPassword"
        password={fields.password}
        confirm={fields.confirmPassword}
        onPassword={(value) => setField('password', value)}
        onConfirm={(value) => setField('confirmPassword', value)}
      />
      <TermsConsent id="signup-terms" lead="I agree to" checked={fields.agreed} onChange={(agreed) => setField('agreed', agreed)} />
      <FormMessage message={message} />
      <div className="flex flex-col gap-3">
        <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
          {isBusy ? 'Creating...' : 'Create Account'}
        </Button>
        <Button variant="secondary" size="lg" fullWidth disabled={isBusy} onClick={onSignIn}>
          {signInLabel}
        </Button>
      </div>
    </form>
  );
}
