import { useState } from 'react';
import type { FormMessageState } from '../../components/ui/form-message';
import { useDocumentTitle } from '../../components/ui/use-document-title';
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
  useDocumentTitle(signingIn ? 'Log in' : 'Sign up');

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
          ) : (
            <SignUpForm
              key="sign-up"
              onSignedUp={(message) => setView({ mode: 'sign-in', message })}
              onSignIn={() => setView({ mode: 'sign-in', message: null })}
            />
          )}
        </div>
      </section>
    </main>
  );
}
