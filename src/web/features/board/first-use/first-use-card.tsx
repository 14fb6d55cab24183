import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/router/links';
import { paths } from '../../../lib/paths';
import { pb } from '../../../lib/pb';
import { useCan } from '../../../lib/use-role';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useWeekSelection } from '../../../lib/week-selection';
import { useWeekOrders } from '../../../lib/orders/use-week-orders';
import { ImportCsvButton } from '../week-copy-tools';
import { rememberDone, rememberedDone } from './first-use-done';
import { FIRST_USE_SHOWN } from '../use-open-at-today';

// First use (docs/decisions/072): an empty nursery's board offers the three ways in — add the
// first order, import orders, invite the team — each only to a role that may do it, and each gone
// once done. Two cheap reads decide: does the nursery have any order at all (one row, no count), and
// (for admins) is anyone else in the team or invited. Once everything is done the browser remembers
// it, so a working nursery's board asks nothing more.

/** Whether the nursery has at least one order (deleted ones are not listed): a one-row read, never a count. */
function useNurseryHasOrders(enabled: boolean) {
  return useQuery({
    queryKey: ['first-use', 'has-orders'],
    queryFn: async () => (await pb.collection('tasks').getList(1, 1, { skipTotal: true, fields: 'id' })).items.length > 0,
    enabled,
    // Asked afresh on every visit to the board: the first order may have been added a moment ago.
    staleTime: 0,
  });
}

/** Whether anyone else is in the team or has been invited and not yet answered. */
function useTeamStarted(enabled: boolean) {
  return useQuery({
    queryKey: ['first-use', 'team-started'],
    queryFn: async () => {
      const people = await pb.collection('users').getList(1, 2, { skipTotal: true, fields: 'id' });
      if (people.items.length > 1) return true;
      const waiting = await pb
        .collection('invitations')
        .getList(1, 1, { skipTotal: true, fields: 'id', filter: 'used = "" && revoked = false' });
      return waiting.items.length > 0;
    },
    enabled,
    staleTime: 0,
  });
}

const linkClass =
  'inline-flex min-h-11 items-center rounded-md bg-emerald-700 px-3 text-base font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 md:min-h-9 md:text-sm';

/** An empty nursery's card shown: the board, which may have scrolled to today on a phone, goes back to the top. */
const announceShown = (element: HTMLElement | null) => {
  if (element) document.documentElement.dispatchEvent(new Event(FIRST_USE_SHOWN));
};

export function FirstUseCard() {
  const user = useCurrentUser();
  const nursery = user?.nursery ?? '';
  const { year, week } = useWeekSelection();
  const canEdit = useCan('edit');
  const canInvite = useCan('team');
  const isDone = nursery === '' || rememberedDone(nursery);
  const hasOrders = useNurseryHasOrders(!isDone);
  // The week on screen is already loaded: an order in it answers the question without waiting.
  const weekHasOrders = (useWeekOrders(year, week).data?.length ?? 0) > 0;
  const teamStarted = useTeamStarted(!isDone && canInvite);
  const [hidden, setHidden] = useState(false);
  // An import opened here ends by giving the nursery its first orders: the card stays, its dialog
  // with it, until the person closes the dialog and has read what was imported.
  const [importing, setImporting] = useState(false);

  if (!importing && (isDone || hidden || (hasOrders.data === undefined && !weekHasOrders))) return null;
  const needsOrders = importing || (!weekHasOrders && hasOrders.data === false);
  const needsTeam = canInvite && teamStarted.data === false;
  if (!needsOrders && !needsTeam) {
    if (!canInvite || teamStarted.data === true) rememberDone(nursery);
    return null;
  }
  // A viewer adds nothing: on an empty nursery they are told who does.
  if (!canEdit && !canInvite)
    return needsOrders ? (
      <p ref={announceShown} className="mb-3 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
        Your nursery has no orders yet. Office staff and admins add them; they will show here as they do.
      </p>
    ) : null;

  return (
    <section
      ref={needsOrders ? announceShown : undefined}
      aria-labelledby="first-use-title"
      className="mb-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-slate-800"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="first-use-title" className="text-lg font-semibold text-slate-900">
          {needsOrders ? 'Getting started' : 'One more step'}
        </h2>
        <button
          type="button"
          className="min-h-11 rounded-md px-2 text-sm font-medium text-emerald-900 underline underline-offset-2 hover:text-emerald-950 md:min-h-8"
          onClick={() => setHidden(true)}
        >
          Not now
        </button>
      </div>
      <ol className="mt-2 space-y-3">
        {needsOrders && canEdit && (
          <li className="space-y-1">
            <p>Add your first order: the customer, the day and the trolleys.</p>
            <Link to={paths.createOrder} className={linkClass}>
              Add the first order
            </Link>
          </li>
        )}
        {needsOrders && canEdit && (
          <li className="space-y-1">
            <p>Or bring your orders in from a spreadsheet saved as CSV.</p>
            <ImportCsvButton week={week} onOpenChange={setImporting} />
            {canInvite && (
              <p className="text-sm text-slate-600">
                Coming from the original app? Whoever runs your Trolleyboard server brings its orders over with{' '}
                <code className="rounded bg-white px-1 font-mono text-xs">npm run admin -- import-pocketbase</code>.
              </p>
            )}
          </li>
        )}
        {needsTeam && (
          <li className="space-y-1">
            <p>Invite the team, so the office and the yard work from the same board.</p>
            <Link to={paths.team} className={linkClass}>
              Invite the team
            </Link>
          </li>
        )}
      </ol>
    </section>
  );
}
