import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { FormMessageState } from './form-message';

export interface EmailRequestMessages {
  sent: string;
  failed: string;
  missingEmail: string;
}

/**
 * The "type your e-mail, we mail you a link" forms (forgot password, resend verification): one
 * field, a busy flag, and the outcome as a toast and an inline message.
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
      toast.error(messages.missingEmail);
      return;
    }
    setIsBusy(true);
    setMessage(null);
    try {
      await send(address);
      setMessage({ tone: 'success', text: messages.sent });
      toast.success(messages.sent);
    } catch {
      setMessage({ tone: 'error', text: messages.failed });
      toast.error(messages.failed);
    } finally {
      setIsBusy(false);
    }
  };

  return { email, setEmail, isBusy, message, handleSubmit };
}
