import { paths } from '../../lib/paths';
import { pb } from '../../lib/pb';
import { AuthCard } from './auth-card';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/fields';
import { useEmailRequest } from './use-email-request';
import { useGoBack } from '../../lib/use-go-back';

const messages = {
  sent: 'Password reset email sent!',
  failed: 'Error sending reset email',
  // Not in the spec: an empty box would otherwise be sent to the server.
  missingEmail: 'Please enter your email address',
} as const;

/** /forgot-password: asks the server to mail a reset link (docs/product.md#account-pages). */
export default function ForgotPasswordPage() {
  const goBack = useGoBack(paths.login);
  const { email, setEmail, isBusy, message, handleSubmit } = useEmailRequest(
    (address) => pb.collection('users').requestPasswordReset(address),
    messages,
  );

  return (
    <AuthCard title="Reset your password">
      <form className="space-y-4" onSubmit={(e) => void handleSubmit(e)}>
        <p className="text-sm text-slate-600">Enter the email address of your account and we will send you a link to set a new password.</p>
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormMessage message={message} />
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button type="submit" variant="primary" size="lg" fullWidth disabled={isBusy}>
            Send Reset Link
          </Button>
          <Button variant="secondary" size="lg" fullWidth onClick={goBack}>
            Return
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
