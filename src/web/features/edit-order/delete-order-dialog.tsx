import { announceDeleted } from '../../components/trail/announce-deleted';
import { DELETION_PASSWORD_HINT, PasswordDialog, type PasswordOutcome } from '../../components/ui/password-dialog';
import { notify } from '../../components/ui/toast';
import { deleteOrder, isWrongPassword } from '../../lib/orders/order-mutations';
import { isNetworkFailure, NEEDS_CONNECTION_MESSAGE } from '../../lib/outbox/network-failure';
import { useCurrentUser } from '../../lib/use-current-user';

interface DeleteOrderDialogProps {
  orderId: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks for the team's deletion password, then deletes the order (to Deleted: the toast offers Undo). */
export function DeleteOrderDialog({ orderId, open, onClose, onDeleted }: DeleteOrderDialogProps) {
  const user = useCurrentUser();
  const remove = async (password: string): Promise<PasswordOutcome> => {
    try {
      await deleteOrder(orderId, password);
      announceDeleted('tasks', orderId, 'Task deleted.', user);
      onDeleted();
    } catch (err) {
      // A wrong guess stays in the dialog, under the field, so the person simply types again (docs/decisions/072).
      if (isWrongPassword(err)) return { retry: 'Incorrect password.' };
      // Deletes are never queued: the server checks the password now (docs/decisions/047).
      if (isNetworkFailure(err)) notify.error(NEEDS_CONNECTION_MESSAGE);
      else notify.error('Something went wrong while deleting.');
    }
  };
  return (
    <PasswordDialog
      open={open}
      title="Confirm Delete"
      prompt="Enter password to delete this task:"
      confirmLabel="Confirm Delete"
      hint={DELETION_PASSWORD_HINT}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}
