import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../components/ui/fields';
import { Button } from '../../components/ui/button';
import { roundListQuery, roundSuggestionQuery } from '../../lib/fleet/fleet-queries';

/**
 * The customer's delivery round (docs/decisions/076): a select of the nursery's rounds and
 * "None". A customer on no round is offered the round its runs suggest, when they suggest one
 * ("Its runs suggest Cotswolds — Use"); a new customer has no runs to ask about.
 */
export function CustomerRoundField({
  customerId,
  value,
  error,
  onChange,
}: {
  /** '' for a customer not saved yet. */
  customerId: string;
  value: string;
  error?: string | undefined;
  onChange: (round: string) => void;
}) {
  const rounds = useQuery(roundListQuery());
  const suggestion = useQuery(roundSuggestionQuery(customerId, value === ''));
  const list = rounds.data ?? [];
  const suggested = value === '' ? list.find((round) => round.id === suggestion.data?.round) : undefined;
  const options = [
    { value: '', label: rounds.isPending ? 'Loading rounds...' : 'None' },
    ...list.map((round) => ({ value: round.id, label: round.name })),
    // A round not in the list (deleted meanwhile) stays shown as it is, never silently changed.
    ...(value !== '' && rounds.isSuccess && !list.some((round) => round.id === value) ? [{ value, label: 'A deleted round' }] : []),
  ];
  return (
    <div>
      <SelectField label="Round" name="round" options={options} value={value} error={error} onChange={(e) => onChange(e.target.value)} />
      {suggested && (
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600" data-testid="round-suggestion">
          <span>Its runs suggest {suggested.name} —</span>
          <Button size="sm" variant="ghost" className="text-emerald-800! underline" onClick={() => onChange(suggested.id)}>
            Use
          </Button>
        </p>
      )}
    </div>
  );
}
