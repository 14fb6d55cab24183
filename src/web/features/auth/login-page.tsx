import { useState } from 'react';
import { Button } from '../../components/ui/button';
import type { FormMessageState } from '../../components/ui/form-message';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useSignupMode } from '../../lib/use-app-config';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/**
 * Which form /login shows, and the message that travels from one to the other: sign-up ends on
 * the sign-in form, saying the account was made. Each switch starts the form empty.
 */
type LoginView = { mode: 'sign-in'; message: FormMessageState | null } | { mode: 'sign-up' };

/** /login: sign in ("Welcome") and sign up ("Sign up") on one screen (docs/product.md#login). */
export default function LoginPage() {
  const [view, setView] = useState<LoginView>({ mode: 'sign-in', message: null });
  const signingIn = view.mode === 'sign-in';
  const signup = useSignupMode();
  useDocumentTitle(signingIn ? 'Log in' : 'Sign up');
  const backToSignIn = () => setView({ mode: 'sign-in', message: null });

  return (
    <main className="flex min-h-dvh flex-col bg-slate-100 md:flex-row">
      <aside className="flex flex-col justify-center bg-emerald-800 px-6 py-8 text-white md:w-2/5 md:px-12 lg:w-1/2">
        <p className="text-3xl font-bold tracking-tight sm:text-4xl lg:text-5xl">Trolleyboard</p>
        <p className="mt-2 text-lg text-emerald-100 sm:text-xl">create and track orders</p>
      </aside>

      <section className="flex flex-1 items-start justify-center px-4 py-8 sm:px-6 md:items-center md:py-12">
        <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-md sm:p-8">
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{signingIn ? 'Welcome' : 'Sign up'}</h1>
          {view.mode === 'sign-in' ? (
            <SignInForm key="sign-in" initialMessage={view.message} onCreateAccount={() => setView({ mode: 'sign-up' })} />
          ) : signup === 'invite' ? (
            <InvitationOnly onSignIn={backToSignIn} />
          ) : (
            <SignUpForm key="sign-up" onSignedUp={(message) => setView({ mode: 'sign-in', message })} onSignIn={backToSignIn} />
          )}
        </div>
      </section>
    </main>
  );
}

/** SIGNUP=invite: nobody signs up here; the invitation's link opens a sign-up of its own (docs/decisions/035). */
function InvitationOnly({ onSignIn }: { onSignIn: () => void }) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Sign-up is by invitation. Ask an admin of your nursery to invite you: the link in their e-mail lets you create your account.
      </p>
      <Button variant="secondary" size="lg" fullWidth onClick={onSignIn}>
        Continue to log in
      </Button>
    </div>
  );
}
