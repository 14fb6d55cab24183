import { paths } from '../../lib/paths';
import { pb } from '../../lib/pb';
import { currentUser } from '../../lib/session';
import { AuthCard } from './auth-card';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/fields';
import { useEmailRequest } from './use-email-request';
import { useGoBack } from '../../lib/use-go-back';

const messages = {
  sent: 'Verification email sent!',
  failed: 'Failed to send verification',
  // Not in the spec: an empty box would otherwise be sent to the server.
  missingEmail: 'Please enter your email address',
} as const;

/** /resend-verification: mails a fresh verification link (docs/product.md#account-pages). */
export default function ResendVerificationPage() {
  const goBack = useGoBack(paths.login);
  // The gate sends signed-in but unverified users here: offer their own address.
  const { email, setEmail, isBusy, message, handleSubmit } = useEmailRequest(
    (address) => pb.collection('users').requestVerification(address),
    messages,
    currentUser()?.email ?? '',
  );

  return (
    <AuthCard title="Verify your email">
      <form className="space-y-4" onSubmit={(e) => void handleSubmit(e)}>
        <p className="text-sm text-slate-600">
          You need a verified email address before you can log in. Enter it below and we will send a new verification link.
        </p>
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormMessage message={message} />
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
            Resend Verification
          </Button>
          <Button variant="secondary" size="lg" fullWidth onClick={goBack}>
            Return
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
