import { lazyExtra } from '../../components/ui/lazy-extra';
import { ExportCsvButton } from '../../components/export-csv-button';
import { useQuery } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { customerTypeLabel } from '#domain/orders/format';
import type { CustomerRecord } from '#domain/records';
import { customers as customerCollection } from '#domain/collections/customers';
import { Button, buttonClass } from '../../components/ui/button';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { SelectField, TextField } from '../../components/ui/fields';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { customerListQuery } from '../../lib/customers/customer-queries';
import { roundListQuery } from '../../lib/fleet/fleet-queries';
import { latestRepliesQuery, type BalanceReplyRecord } from '../../lib/ledger/balance-reply-queries';
import { replyInWords } from '#domain/customers/reply-words';
import { useCan } from '../../lib/use-role';
import { CustomerDialog, MergeDialog } from './customer-dialogs';
import { CUSTOMER_SORTS, CustomerLedgerDialog, CustomerOwed, sortCustomers, useBalances, type CustomerSort } from './customer-ledger';
import { useLinkedCustomer } from './linked-customer';
import { CustomerStatement } from './customer-statement';
import { MatchOrdersPanel } from './match-orders-panel';
import { StandingOrdersDialog } from './standing-orders-panel';
import { useCustomersLive } from './use-customers-live';

// The import dialog loads on first use: the screen paints without it.
const ImportCustomersDialog = lazyExtra(() => import('./import-customers-dialog').then((m) => m.ImportCustomersDialog));
// So do a customer's contacts and mail (docs/decisions/077).
const CustomerContactsDialog = lazyExtra(() => import('./customer-contacts').then((m) => m.CustomerContactsDialog));

const usualDayLabel = (customer: CustomerRecord) =>
  customerCollection.fields.usualDay.optionLabel?.(customer.usualDay) ?? customer.usualDay;

/** "Confirmed Sun 29 Nov: 7 trolleys" or "Disputed …, open" under a customer's name. */
function AnswerLine({ answer }: { answer: BalanceReplyRecord }) {
  const { label, words } = replyInWords(answer, new Date().getFullYear());
  const open = answer.kind === 'dispute' && answer.outcome === '';
  return (
    <p className={`text-sm ${open ? 'text-amber-800' : 'text-slate-600'}`}>
      <span className="font-semibold">{label}</span> {words}
      {open && ' · open'}
    </p>
  );
}

function CustomerItem({
  customer,
  roundName,
  canChange,
  linked,
  onEdit,
  onMerge,
  owed,
  answer,
  onLedger,
  onStatement,
  onStanding,
  onContacts,
}: {
  customer: CustomerRecord;
  /** The name of the customer's delivery round, '' for none (docs/decisions/076). */
  roundName: string;
  canChange: boolean;
  linked?: { ref: (element: HTMLElement | null) => void } | undefined;
  onEdit: () => void;
  onMerge: () => void;
  owed: ReactNode;
  /** The customer's latest answer through its balance link (docs/decisions/078), if it gave one lately. */
  answer: BalanceReplyRecord | undefined;
  onLedger: () => void;
  onStatement: () => void;
  onStanding: () => void;
  onContacts: () => void;
}) {
  const usual = [customer.usualDay ? usualDayLabel(customer) : '', customer.usualTrolleys > 0 ? `${customer.usualTrolleys} trolleys` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <li
      ref={linked?.ref}
      aria-current={linked ? 'true' : undefined}
      className={`flex flex-col gap-2 rounded-lg border bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between ${linked ? 'border-emerald-600 ring-2 ring-emerald-600/30' : 'border-slate-200'}`}
    >
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {customer.name}
          {customer.kind === 'haulier' && (
            <span className="ml-2 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-200">Haulier</span>
          )}
          {!customer.active && (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
              Inactive
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          {[
            customer.postcode,
            // A haulier buys nothing: its customer type says nothing (docs/decisions/079).
            customer.kind === 'haulier' ? '' : customerTypeLabel(customer.customerType),
            roundName && `Round ${roundName}`,
            usual && `Usually ${usual}`,
            customer.phone,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {owed}
        {answer && <AnswerLine answer={answer} />}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onLedger} aria-label={`Trolleys of ${customer.name}`}>
          Trolleys
        </Button>
        <Button size="sm" onClick={onStatement} aria-label={`Statement of ${customer.name}`}>
          Statement
        </Button>
        <Button size="sm" onClick={onStanding} aria-label={`Standing orders of ${customer.name}`}>
          Standing orders
        </Button>
        <Button size="sm" onClick={onContacts} aria-label={`Contacts of ${customer.name}`}>
          Contacts
        </Button>
        {canChange && (
          <>
            <Button size="sm" onClick={onEdit} aria-label={`Edit ${customer.name}`}>
              Edit
            </Button>
            <Button size="sm" onClick={onMerge} aria-label={`Merge ${customer.name} into another customer`}>
              Merge
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * /customers (docs/decisions/037): the nursery's customer book. Everyone searches it; office staff
 * and admins add, edit and merge customers and link existing orders to them. The server refuses
 * anyone else regardless.
 */
export default function CustomersPage() {
  useDocumentTitle('Customers');
  const canChange = useCan('customers');
  const link = useLinkedCustomer();
  const [search, setSearch] = useState(link.search);
  const deferredSearch = useDeferredValue(search);
  const list = useQuery(customerListQuery(deferredSearch));
  const rounds = useQuery(roundListQuery());
  const roundNames = new Map((rounds.data ?? []).map((round) => [round.id, round.name]));
  const [editing, setEditing] = useState<CustomerRecord | 'new' | null>(null);
  const [merging, setMerging] = useState<CustomerRecord | null>(null);
  const balances = useBalances();
  const answers = useQuery(latestRepliesQuery());
  useCustomersLive();
  const [sort, setSort] = useState<CustomerSort>('name');
  const [ledgerOf, setLedgerOf] = useState<CustomerRecord | null>(null);
  const [statementOf, setStatementOf] = useState<CustomerRecord | null>(null);
  const [standingFor, setStandingFor] = useState<CustomerRecord | null>(null);
  const [contactsOf, setContactsOf] = useState<CustomerRecord | null>(null);
  const [importing, setImporting] = useState(false);

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-3 py-5 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Customers</h1>
        <div className="flex flex-wrap gap-2">
          <ExportCsvButton
            disabled={!list.isSuccess}
            make={(csv) =>
              list.data
                ? { text: csv.customersCsv(sortCustomers(list.data, balances, sort), roundNames), fileName: csv.csvFileName('customers') }
                : null
            }
          />
          {canChange && (
            <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={() => setImporting(true)}>
              <FileUp className="size-4" aria-hidden="true" />
              Import CSV
            </button>
          )}
          {canChange && (
            <Button variant="primary" onClick={() => setEditing('new')}>
              Add customer
            </Button>
          )}
        </div>
      </div>
      <TextField
        label="Search customers"
        type="search"
        name="customer-search"
        placeholder="Name or postcode"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <SelectField label="Sort by" value={sort} options={CUSTOMER_SORTS} onChange={(e) => setSort(e.target.value as CustomerSort)} />
      {canChange && <MatchOrdersPanel />}
      <PanelErrorBoundary panelName="Customers">
        {list.isPending && <LoadingScreen />}
        {list.isError && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            The customers could not be loaded. Check your connection and{' '}
            <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
              try again
            </button>
            .
          </p>
        )}
        {list.isSuccess && list.data.length === 0 && (
          <p className="text-slate-600">{deferredSearch.trim() ? 'No customer matches this search.' : 'No customers yet.'}</p>
        )}
        {list.isSuccess && list.data.length > 0 && (
          <ul aria-label="Customers" className="space-y-2">
            {sortCustomers(list.data, balances, sort).map((customer) => (
              <CustomerItem
                key={customer.id}
                customer={customer}
                roundName={roundNames.get(customer.round) ?? ''}
                canChange={canChange}
                linked={customer.id === link.id ? { ref: link.scrollTo } : undefined}
                onEdit={() => setEditing(customer)}
                onMerge={() => setMerging(customer)}
                owed={<CustomerOwed balance={balances.get(customer.id)} />}
                answer={answers.data?.get(customer.id)}
                onLedger={() => setLedgerOf(customer)}
                onStatement={() => setStatementOf(customer)}
                onStanding={() => setStandingFor(customer)}
                onContacts={() => setContactsOf(customer)}
              />
            ))}
          </ul>
        )}
      </PanelErrorBoundary>
      <CustomerDialog customer={editing} onClose={() => setEditing(null)} />
      <MergeDialog duplicate={merging} onClose={() => setMerging(null)} />
      <CustomerLedgerDialog customer={ledgerOf} onClose={() => setLedgerOf(null)} />
      <CustomerStatement customer={statementOf} onClose={() => setStatementOf(null)} />
      <StandingOrdersDialog customer={standingFor} onClose={() => setStandingFor(null)} />
      {contactsOf && <CustomerContactsDialog customer={contactsOf} onClose={() => setContactsOf(null)} />}
      {importing && <ImportCustomersDialog onClose={() => setImporting(false)} />}
    </div>
  );
}
