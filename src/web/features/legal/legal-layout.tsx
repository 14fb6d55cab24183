import type { ReactNode } from 'react';
import { useLocation, useNavigate } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { useDocumentTitle } from '../../components/ui/use-document-title';

/** Shared frame of the terms and privacy pages: readable column, title, link back. */
export function LegalLayout({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  const location = useLocation();
  // Opened in a new tab from a form there is no history; then "back" means the app's start.
  const hasHistory = location.key !== 'default';

  return (
    <main className="min-h-dvh bg-slate-100 px-4 py-8 sm:px-6 lg:py-12">
      <article className="mx-auto max-w-3xl rounded-xl bg-white p-6 text-slate-800 shadow-md sm:p-10">
        <Link
          to="/"
          className="text-sm font-medium text-emerald-700 underline-offset-2 hover:underline"
          onClick={(event) => {
            if (!hasHistory) return;
            event.preventDefault();
            void navigate(-1);
          }}
        >
          &larr; Back
        </Link>
        <p className="mt-6 text-sm font-semibold tracking-wide text-emerald-700 uppercase">Trolleyboard</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">{title}</h1>
        {updated && <p className="mt-2 text-sm text-slate-500">{updated}</p>}
        <div className="mt-8 space-y-8 leading-relaxed">{children}</div>
      </article>
    </main>
  );
}

export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-2 text-xl font-semibold text-slate-900">{heading}</h2>
      <div className="space-y-3">{children}</div>
    </section>
  );
}

/** The support address as a mail link, or a plain phrase while it loads. */
export function SupportAddress({ email }: { email: string | null }) {
  if (!email) return <>our support team</>;
  return (
    <a href={`mailto:${email}`} className="font-medium text-emerald-700 underline underline-offset-2">
      {email}
    </a>
  );
}
