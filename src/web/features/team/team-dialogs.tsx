import { useState } from 'react';
import { roleLabel } from '#domain/collections/users';
import { ROLES, type UserRecord } from '#domain/records';
import { FormDialog } from '../../components/ui/form-dialog';
import { describeError } from '../../lib/describe-error';
import { SelectField, TextField } from '../../components/ui/fields';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { createYardAccount, invite, removeMember, setTemporaryPassword, type YardAccountFields } from './team-api';
import { memberName } from './member-name';
import { roleDescription } from './role-description';

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

function RoleField({ value, onChange }: { value: string; onChange: (role: string) => void }) {
  return (
    <SelectField
      label="Role"
      options={ROLE_OPTIONS}
      value={value}
      hint={roleDescription(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Invite by e-mail: the server mails a link that works once, for seven days. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('staff');
  const close = () => {
    setEmail('');
    setRole('staff');
    onClose();
  };
  return (
    <FormDialog
      describeError={describeError}
      open={open}
      title="Invite by e-mail"
      description="We e-mail a link that lets them create an account in your nursery (or join with the one they have). It works once, for 7 days."
      actionLabel="Send invitation"
      busyLabel="Sending..."
      onClose={close}
      onSubmit={async () => {
        await invite(email, role);
        return `Invitation sent to ${email.trim()}.`;
      }}
    >
      <TextField
        label="Email"
        type="email"
        name="invite-email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <RoleField value={role} onChange={setRole} />
    </FormDialog>
  );
}

const NO_YARD_ACCOUNT: YardAccountFields = { username: '', name: '', role: 'viewer', password: '', passwordConfirm: '' };

/** A yard account: a username and password, no e-mail (a yard screen, a shared tablet). */
export function YardAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [fields, setFields] = useState(NO_YARD_ACCOUNT);
  const set = (key: keyof YardAccountFields) => (value: string) => setFields((current) => ({ ...current, [key]: value }));
  const close = () => {
    setFields(NO_YARD_ACCOUNT);
    onClose();
  };
  return (
    <FormDialog
      describeError={describeError}
      open={open}
      title="Create yard account"
      description="For a yard screen or a shared tablet: it signs in with a username and password and has no e-mail address. Only an admin can reset its password."
      actionLabel="Create yard account"
      busyLabel="Creating..."
      onClose={close}
      onSubmit={async () => {
        const account = await createYardAccount({ ...fields, username: fields.username.trim(), name: fields.name.trim() });
        return `Yard account ${account.username} created.`;
      }}
    >
      <TextField
        label="Username"
        name="yard-username"
        autoComplete="off"
        autoCapitalize="none"
        value={fields.username}
        onChange={(e) => set('username')(e.target.value)}
      />
      <TextField
        label="Name"
        name="yard-name"
        autoComplete="off"
        hint="Optional, e.g. “Dispatch screen”."
        value={fields.name}
        onChange={(e) => set('name')(e.target.value)}
      />
      <RoleField value={fields.role} onChange={set('role')} />
      <NewPasswordFields
        label="Password"
        name="yard-password"
        password={fields.password}
        confirm={fields.passwordConfirm}
        onPassword={set('password')}
        onConfirm={set('passwordConfirm')}
      />
    </FormDialog>
  );
}

/** A temporary password: the person is signed out everywhere and chooses their own at the next sign-in. */
export function TemporaryPasswordDialog({ member, onClose }: { member: UserRecord | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const close = () => {
    setPassword('');
    setConfirm('');
    onClose();
  };
  const name = member ? memberName(member) : '';
  return (
    <FormDialog
      describeError={describeError}
      open={member !== null}
      title={`Temporary password for ${name}`}
      description={`${name} is signed out everywhere now and must choose a new password the next time they sign in. Tell them this one in person.`}
      actionLabel="Set temporary password"
      busyLabel="Saving..."
      onClose={close}
      onSubmit={async () => {
        if (member) await setTemporaryPassword(member.id, password, confirm);
        return `Temporary password set for ${name}.`;
      }}
    >
      <NewPasswordFields
        label="Temporary password"
        name="temporary-password"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
    </FormDialog>
  );
}

/** Taking someone out of the nursery: they keep nothing of it; a yard account is deleted. */
export function RemoveMemberDialog({ member, onClose }: { member: UserRecord | null; onClose: () => void }) {
  const name = member ? memberName(member) : '';
  const yard = member !== null && member.email === '';
  return (
    <FormDialog
      describeError={describeError}
      open={member !== null}
      title={`Remove ${name}?`}
      description={
        yard
          ? `The yard account ${name} is deleted and signed out everywhere. Orders and runs it made stay.`
          : `${name} leaves your nursery and is signed out everywhere. Their account stays theirs: they can be invited again. Orders and runs they made stay.`
      }
      actionLabel="Remove"
      busyLabel="Removing..."
      danger
      onClose={onClose}
      onSubmit={async () => {
        if (member) await removeMember(member.id);
        return `${name} removed from the team.`;
      }}
    />
  );
}
