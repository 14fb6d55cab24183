import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/ui/use-document-title';

/** Centred card used by the small account pages (forgot, reset, verify, resend, accept terms). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-10 sm:items-center">
      <section className="w-full max-w-md rounded-xl bg-white p-6 shadow-md sm:p-8">
        <p className="mb-1 text-sm font-semibold tracking-wide text-emerald-700 uppercase">Trolleyboard</p>
        <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </section>
    </main>
  );
}
