import { useEffect } from 'react';
import { Link } from '../lib/router/links';
import { paths } from '../lib/paths';

/** Shown for a screen that failed: a sentence and a way back, never the stack (docs/product.md#messages). */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('A route failed.', error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-3 text-slate-600">Something went wrong while processing your request.</p>
      <p className="mt-6 flex justify-center gap-4">
        <Link to={paths.board} className="font-medium text-emerald-800 underline underline-offset-2">
          Back to the board
        </Link>
        <button
          type="button"
          className="font-medium text-emerald-800 underline underline-offset-2"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
      </p>
    </div>
  );
}
