import { useState, type FormEvent } from 'react';
import type { FormMessageState } from '../../components/ui/form-message';

export interface EmailRequestMessages {
  sent: string;
  failed: string;
  missingEmail: string;
}

/**
 * The "type your e-mail, we mail you a link" forms (forgot password, resend verification): one
 * field, a busy flag, and the outcome as one inline message next to the form.
 */
export function useEmailRequest(send: (email: string) => Promise<unknown>, messages: EmailRequestMessages, initialEmail = '') {
  const [email, setEmail] = useState(initialEmail);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setMessage({ tone: 'error', text: messages.missingEmail });
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      await send(address);
      setMessage({ tone: 'success', text: messages.sent });
    } catch {
      setMessage({ tone: 'error', text: messages.failed });
    } finally {
      setIsBusy(false);
    }
  };

  return { email, setEmail, isBusy, message, handleSubmit };
}
