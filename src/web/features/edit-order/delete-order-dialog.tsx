import { PasswordDialog } from '../../components/ui/password-dialog';
import { notify } from '../../components/ui/toast';
import { deleteOrder, isWrongPassword } from '../../lib/orders/order-mutations';

interface DeleteOrderDialogProps {
  orderId: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks for the team's deletion password, then deletes the order. */
export function DeleteOrderDialog({ orderId, open, onClose, onDeleted }: DeleteOrderDialogProps) {
  const remove = async (password: string) => {
    try {
      await deleteOrder(orderId, password);
      notify.success('Task deleted.');
      onDeleted();
    } catch (err) {
      if (isWrongPassword(err)) notify.error('Incorrect password.');
      else notify.error('Something went wrong while deleting.');
    }
  };
  return (
    <PasswordDialog
      open={open}
      title="Confirm Delete"
      prompt="Enter password to delete this task:"
      confirmLabel="Confirm Delete"
      onConfirm={remove}
      onClose={onClose}
    />
  );
}
