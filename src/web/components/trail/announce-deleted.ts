// After a delete: "Task deleted." with Undo for 10 s, for people who may restore (canRestore),
// bringing the record back from Deleted (docs/decisions/034); a plain success toast otherwise.
import { canRestore, type TrailCaller } from '#domain/history/trail-permissions';
import { notify } from '../ui/toast';
import { describeError } from '../../lib/describe-error';
import { restoreRecord, type TrailCollection } from '../../lib/trail/trail-mutations';

const RESTORED: Readonly<Record<TrailCollection, string>> = {
  tasks: 'Order restored.',
  trolley_exports: 'Run restored.',
  trolley_movements: 'Movement restored.',
  standing_orders: 'Standing order restored.',
  plant_labels: 'Plant restored.',
  vehicles: 'Vehicle restored.',
  rounds: 'Round restored.',
};

/** Says `message` ("Task deleted.") and offers Undo to a user who may restore. */
export function announceDeleted(collection: TrailCollection, id: string, message: string, user: TrailCaller | null): void {
  if (!canRestore(user)) {
    notify.success(message);
    return;
  }
  notify.success(message, {
    action: {
      label: 'Undo',
      onClick: () => {
        restoreRecord(collection, id).then(
          () => notify.success(RESTORED[collection]),
          (err: unknown) => notify.error(describeError(err, 'It could not be restored. Try again from the Deleted page.')),
        );
      },
    },
  });
}
