import { useQuery } from '@tanstack/react-query';
import { balancesQuery } from '../../lib/ledger/ledger-queries';

/**
 * A small reminder on an order's line that its customer owes trolleys, to collect on this drop
 * (docs/decisions/038). Every badge of a board reads the one balances answer (one request).
 */
export function OwedBadge({ customer }: { customer: string }) {
  const owed = useQuery({
    ...balancesQuery(),
    select: (answer) => answer.items.find((item) => item.customer === customer)?.trolleys ?? 0,
  });
  const trolleys = owed.data ?? 0;
  if (trolleys <= 0) return null;
  const label = `Owes ${trolleys} trolley${trolleys === 1 ? '' : 's'}`;
  return (
    <span role="img" aria-label={label} title={label} data-owed-badge="" className="ol-owed">
      {trolleys}T owed
    </span>
  );
}
