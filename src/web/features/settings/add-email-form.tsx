import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/fields';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';

/**
 * A yard account (no e-mail address: made on Team, or brought over from the original app) adds
 * one: the server mails a link to it, and the link's page asks for the password
 * (docs/decisions/056). Until then the account is as it was.
 */
export function AddEmailForm() {
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setMessage({ tone: 'error', text: 'Please enter your email address' });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      await pb.collection('users').requestEmailChange(address);
      setMessage({ tone: 'success', text: `We sent a link to ${address}. Open it and enter your password to add the address.` });
    } catch (err) {
      setMessage({ tone: 'error', text: `The link was not sent. ${describeError(err, 'Try again.')}` });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form className="mt-3 space-y-2" onSubmit={(e) => void handleSubmit(e)}>
      <p className="text-sm text-slate-700">
        Add an email address to reset your password yourself and to sign in with it. We send a link to it to check it is yours.
      </p>
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormMessage message={message} />
      <Button type="submit" variant="secondary" disabled={isBusy}>
        Send link
      </Button>
    </form>
  );
}
