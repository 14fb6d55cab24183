import { Button } from '../../components/ui/button';
import type { OrderConflict } from './order-conflict';

/** What someone else changed meanwhile, and Reload to carry on from their copy. */
export function ConflictNotice({ conflict, onReload }: { conflict: OrderConflict; onReload: () => void }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="edit-conflict">
      <p className="font-medium">Someone else changed this order since you opened it:</p>
      <ul className="mt-1 list-disc pl-5">
        {conflict.changes.length > 0 ? conflict.changes.map((line) => <li key={line}>{line}</li>) : <li>No field differs.</li>}
      </ul>
      <p className="mt-2">Reload takes their values for the fields you did not touch and keeps what you typed.</p>
      <Button className="mt-2" onClick={onReload}>
        Reload
      </Button>
    </div>
  );
}
