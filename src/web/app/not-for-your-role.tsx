import type { Ability } from '#domain/accounts/role-abilities';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { paths } from '../lib/paths';
import { Link } from '../lib/router/links';

/** Who may open a screen, in the words of docs/decisions/035's roles. */
const WHO: Partial<Record<Ability, string>> = {
  team: 'admins of your nursery',
  customers: 'office staff and admins',
  restore: 'office staff and admins',
  edit: 'admins, office staff and yard staff',
};

/** The sentence a person reads on a screen their role may not open (docs/decisions/067). */
export function cannotOpenSentence(ability: Ability, screen: string): string {
  const who = WHO[ability] ?? 'admins of your nursery';
  const why = ability === 'edit' ? ' Viewers can look but not change anything.' : '';
  return `Only ${who} can open ${screen}.${why} Ask an admin of your nursery if you need it.`;
}

/**
 * In place of a screen the person's role may not open, reached by its address: it says so,
 * rather than sending them to the board without a word. The server refuses the data regardless.
 */
export function NotForYourRole({ ability, screen }: { ability: Ability; screen: string }) {
  useDocumentTitle(screen);
  return (
    <section className="mx-auto max-w-xl px-4 py-10" aria-labelledby="not-for-your-role">
      <h1 id="not-for-your-role" className="text-2xl font-bold text-slate-900">
        {screen}
      </h1>
      <p className="mt-3 text-base text-slate-700" data-testid="not-for-your-role">
        {cannotOpenSentence(ability, screen)}
      </p>
      <Link
        to={paths.board}
        className="mt-4 inline-flex min-h-11 items-center font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        Back to the board
      </Link>
    </section>
  );
}
