import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/** A screen that exists in the route table but whose content ships in a later release. */
export function PlaceholderScreen({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-3 space-y-2 text-slate-600">{children}</div>
    </section>
  );
}
