import { TextField } from './fields';

interface Props {
  /** The first field's label ("Password", "New Password", "Temporary password"). */
  label: string;
  /** Its form name; the confirmation is named `${name}-confirm` unless `confirmName` says otherwise. */
  name: string;
  confirmName?: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}

/**
 * A new password typed twice ("Confirm Password" second), as every form that sets one asks for it:
 * sign-up, a reset link, choosing one's own after a temporary one, and an admin's yard account or
 * temporary password. Password managers offer to generate one for both (autocomplete new-password).
 */
export function NewPasswordFields({ label, name, confirmName = `${name}-confirm`, password, confirm, onPassword, onConfirm }: Props) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        name={name}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name={confirmName}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
