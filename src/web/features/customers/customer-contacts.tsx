import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerContacts as contactCollection } from '#domain/collections/customer-contacts';
import {
  CUSTOMER_MAIL_KINDS,
  CUSTOMER_MAIL_KIND_TABLE,
  CUSTOMER_MAIL_STATUS_LABELS,
  type CustomerMailStatus,
} from '#domain/customers/customer-mail';
import type { CustomerContactRecord, CustomerMailRecord, CustomerRecord } from '#domain/records';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox, TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import {
  createContact,
  customerContactsQuery,
  customerMailQuery,
  deleteContact,
  updateContact,
  type ContactFields,
} from '../../lib/customers/contact-queries';
import { describeError } from '../../lib/describe-error';
import { useCan } from '../../lib/use-role';

// A customer's contacts and mail on the Customers screen (docs/decisions/077): the addresses an
// office member entered, each with the kinds of mail it receives, and the log of the mail sent,
// not sent (and why) or stopped by the customer. Everyone reads; office staff and admins change.
// Loaded only when a customer's Contacts are opened.

const NEW_CONTACT: ContactFields = { name: '', email: '', phone: '', deliveryNotices: true, balanceReminders: true, statements: true };

type FieldErrors = Partial<Record<keyof ContactFields, string>>;

function fieldErrorsOf(err: unknown): FieldErrors {
  const data = (err as { response?: { data?: Record<string, { message?: unknown }> } } | null)?.response?.data ?? {};
  const errors: FieldErrors = {};
  for (const [name, detail] of Object.entries(data))
    if (typeof detail?.message === 'string') errors[name as keyof ContactFields] = detail.message;
  return errors;
}

const fieldsOf = (contact: CustomerContactRecord): ContactFields => ({
  name: contact.name,
  email: contact.email,
  phone: contact.phone,
  deliveryNotices: contact.deliveryNotices,
  balanceReminders: contact.balanceReminders,
  statements: contact.statements,
});

/** "Delivery notices, statements", or "No mail" when every kind is off. */
function receives(contact: ContactFields): string {
  const kinds = CUSTOMER_MAIL_KINDS.filter((kind) => contact[kind]).map((kind) => CUSTOMER_MAIL_KIND_TABLE[kind].plural);
  if (kinds.length === 0) return 'No mail';
  const text = kinds.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "24 Nov 2026, 10:42" of a record's time, on this device's clock. */
function when(stamp: string): string {
  const at = new Date(stamp.replace(' ', 'T'));
  if (Number.isNaN(at.getTime())) return stamp;
  return at.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function ContactForm({
  customer,
  existing,
  onDone,
}: {
  customer: CustomerRecord;
  existing: CustomerContactRecord | null;
  onDone: () => void;
}) {
  const [fields, setFields] = useState<ContactFields>(existing ? fieldsOf(existing) : NEW_CONTACT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<ContactFields>) => setFields((current) => ({ ...current, ...changes }));
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (existing) await updateContact(existing.id, fields);
      else await createContact(customer.id, fields);
      notify.success(existing ? 'Contact saved.' : 'Contact added.');
      onDone();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setMessage({ tone: 'error', text: describeError(err) });
      setBusy(false);
    }
  };
  return (
    <form
      className="space-y-3"
      aria-label={existing ? 'Edit contact' : 'New contact'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={contactCollection.fields.email.label}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={contactCollection.fields.email.max}
          value={fields.email}
          error={errors.email}
          onChange={(e) => set({ email: e.target.value })}
          className="sm:col-span-2"
        />
        <TextField
          label={contactCollection.fields.name.label}
          name="name"
          hint="Who it reaches, for example Jo at the tills. Optional."
          maxLength={contactCollection.fields.name.max}
          value={fields.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label={contactCollection.fields.phone.label}
          name="phone"
          type="tel"
          hint="Optional."
          maxLength={contactCollection.fields.phone.max}
          value={fields.phone}
          error={errors.phone}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Receives</legend>
        {CUSTOMER_MAIL_KINDS.map((kind) => (
          <Checkbox key={kind} label={CUSTOMER_MAIL_KIND_TABLE[kind].label} checked={fields[kind]} onChange={(on) => set({ [kind]: on })} />
        ))}
      </fieldset>
      <FormMessage message={message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving...' : existing ? 'Save contact' : 'Add contact'}
        </Button>
      </div>
    </form>
  );
}

function ContactItem({ contact, canChange, onEdit }: { contact: CustomerContactRecord; canChange: boolean; onEdit: () => void }) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteContact(contact.id);
      notify.success('Contact removed.');
    } catch (err) {
      notify.error(describeError(err, 'The contact could not be removed. Try again.'));
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-semibold break-words text-slate-900">
          {contact.email}
          {contact.name && <span className="font-normal text-slate-600"> · {contact.name}</span>}
        </p>
        <p className="text-slate-600">{[contact.phone, receives(contact)].filter(Boolean).join(' · ')}</p>
      </div>
      {canChange && (
        <div className="flex gap-2">
          <Button size="sm" onClick={onEdit} aria-label={`Edit contact ${contact.email}`}>
            Edit
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => void remove()} aria-label={`Remove contact ${contact.email}`}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

const STATUS_CLASS: Readonly<Record<CustomerMailStatus, string>> = {
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  stopped: 'bg-slate-100 text-slate-700 ring-slate-200',
};

function MailLine({ line }: { line: CustomerMailRecord }) {
  return (
    <li className="rounded-md border border-slate-200 p-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_CLASS[line.status]}`}>
          {CUSTOMER_MAIL_STATUS_LABELS[line.status]}
        </span>
        <span className="font-semibold break-words text-slate-900">{line.subject}</span>
      </p>
      <p className="break-words text-slate-600">
        {[CUSTOMER_MAIL_KIND_TABLE[line.kind].label, `to ${line.to}`, when(line.created)].join(' · ')}
      </p>
      {line.note && <p className="text-slate-700">{line.note}</p>}
    </li>
  );
}

/** The chosen customer's contacts and mail, in a dialog of the Customers screen. */
export function CustomerContactsDialog({ customer, onClose }: { customer: CustomerRecord | null; onClose: () => void }) {
  const canChange = useCan('customers');
  const id = customer?.id ?? '';
  const list = useQuery({ ...customerContactsQuery(id), enabled: customer !== null });
  const mail = useQuery({ ...customerMailQuery(id), enabled: customer !== null });
  const [editing, setEditing] = useState<CustomerContactRecord | 'new' | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Dialog open={customer !== null} onClose={close} title={`Contacts of ${customer?.name ?? ''}`} className="sm:max-w-2xl">
      {customer && editing !== null ? (
        <ContactForm customer={customer} existing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="space-y-4">
          <section aria-labelledby="contacts-heading" className="space-y-2">
            <h3 id="contacts-heading" className="font-semibold text-slate-900">
              Contacts
            </h3>
            <p className="text-sm text-slate-600">Customer mail goes only to the addresses here, and only for what each receives.</p>
            {list.isPending && <p className="text-sm text-slate-600">Loading contacts...</p>}
            {list.isError && (
              <p role="alert" className="text-sm text-red-800">
                {describeError(list.error, 'The contacts could not be loaded. Try again.')}
              </p>
            )}
            {list.isSuccess && list.data.length === 0 && (
              <p className="text-sm text-slate-600">No contacts yet: no mail goes to this customer.</p>
            )}
            {list.isSuccess && list.data.length > 0 && (
              <ul aria-label="Contacts" className="space-y-2">
                {list.data.map((contact) => (
                  <ContactItem key={contact.id} contact={contact} canChange={canChange} onEdit={() => setEditing(contact)} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="mail-heading" className="space-y-2">
            <h3 id="mail-heading" className="font-semibold text-slate-900">
              Mail
            </h3>
            {mail.isPending && <p className="text-sm text-slate-600">Loading mail...</p>}
            {mail.isError && (
              <p role="alert" className="text-sm text-red-800">
                {describeError(mail.error, 'The mail could not be loaded. Try again.')}
              </p>
            )}
            {mail.isSuccess && mail.data.length === 0 && <p className="text-sm text-slate-600">No mail sent to this customer yet.</p>}
            {mail.isSuccess && mail.data.length > 0 && (
              <ul aria-label="Mail" className="space-y-2">
                {mail.data.map((line) => (
                  <MailLine key={line.id} line={line} />
                ))}
              </ul>
            )}
          </section>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            {canChange && (
              <Button variant="primary" onClick={() => setEditing('new')}>
                Add contact
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
