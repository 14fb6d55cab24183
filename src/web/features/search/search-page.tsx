import { ExportCsvButton } from '../../components/export-csv-button';
import { useId } from 'react';
import { useSearchParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { dayLabel, formatPostcode } from '#domain/orders/format';
import { containsText, markMatches, matchSnippet } from '#domain/orders/search-match';
import type { CustomerRecord, OrderRecord } from '#domain/records';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useSearch } from '../../lib/orders/use-search';
import { MarkedText } from './marked-text';
import { MAX_SEARCH_LENGTH, searchableText } from '#domain/search-text';

/** Where the text was found in a result, beyond what its line shows: the words around it in the notes. */
function NotesMatch({ order, query }: { order: OrderRecord; query: string }) {
  const snippet = matchSnippet(order.orderInfo, query);
  if (!snippet) return null;
  return (
    <span className="col-span-full text-sm text-slate-600">
      <span className="font-medium text-slate-700">Notes: </span>
      <MarkedText parts={snippet} />
    </span>
  );
}

/** A customer the text found, leading to it on the Customers screen. */
function CustomerResult({ customer, query }: { customer: CustomerRecord; query: string }) {
  return (
    <li data-customer-id={customer.id}>
      <Link
        to={paths.customerInBook(customer.id, customer.name)}
        className="grid min-h-11 grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-0.5 px-4 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 md:grid-cols-[minmax(12rem,1.5fr)_8rem_18rem]"
      >
        <span className="font-semibold text-slate-900">
          <MarkedText parts={markMatches(customer.name, query)} />
          {!customer.active && <span className="ml-2 text-xs font-medium text-slate-600">(inactive)</span>}
        </span>
        <span className="text-sm font-medium text-slate-700">
          <MarkedText parts={markMatches(formatPostcode(customer.postcode), query)} />
        </span>
        {containsText(customer.poolAccount, query) && (
          <span className="col-span-full text-sm text-slate-600 md:col-span-1">
            <span className="font-medium text-slate-700">Pool account: </span>
            <MarkedText parts={markMatches(customer.poolAccount, query)} />
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * Search (/search, docs/product.md#search): the customers whose name, postcode or pool account
 * contain the typed text, each leading to the Customers screen; then the orders whose customer
 * name, order number, postcode or notes contain it, or that belong to one of those customers,
 * newest first. The matched text is marked, and a match in the notes shows the words around it. The text lives in `?q=` (replacing history, so Back leaves the page
 * rather than undoing keystrokes). An empty box shows nothing.
 */
export default function SearchPage() {
  useDocumentTitle('Search');
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  // A text longer than the server searches for is cut, as the box itself cuts what is typed (docs/decisions/058).
  const query = searchableText(params.get('q') ?? '');
  const { customers, orders: results, isOffline } = useSearch(query);
  const isBlank = query.trim() === '';

  const type = (text: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text === '') next.delete('q');
        else next.set('q', text);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="mx-auto max-w-5xl px-3 py-4 sm:px-4" aria-labelledby="search-title">
      <h1 id="search-title" className="sr-only">
        Search
      </h1>
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="text-lg font-semibold whitespace-nowrap text-slate-900">
          Search -
        </label>
        <input
          id={inputId}
          type="search"
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Enter details"
          value={query}
          aria-describedby={`${inputId}-hint`}
          onChange={(e) => type(e.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none md:text-sm"
        />
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p id={`${inputId}-hint`} className="text-sm text-slate-500">
          {isOffline
            ? 'Offline: searching the orders on this device only (the weeks opened here).'
            : 'Finds customer names, order numbers, postcodes and notes.'}
        </p>
        {!isBlank && results.data && results.data.length > 0 && (
          <ExportCsvButton
            label="Export results as CSV"
            make={(csv) => (results.data ? { text: csv.ordersCsv(results.data), fileName: csv.csvFileName('search', query) } : null)}
          />
        )}
      </div>
      {!isBlank && customers.data && customers.data.length > 0 && (
        <>
          <h2 className="mt-4 text-sm font-semibold text-slate-700">Customers</h2>
          <ul
            aria-label="Matching customers"
            className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            {customers.data.map((customer) => (
              <CustomerResult key={customer.id} customer={customer} query={query} />
            ))}
          </ul>
          <h2 className="mt-4 text-sm font-semibold text-slate-700">Orders</h2>
        </>
      )}
      {!isBlank && results.isError && !results.data && (
        <p className="mt-6 text-slate-600">The search could not be run. Please try again.</p>
      )}
      {!isBlank && results.data && results.data.length === 0 && <p className="mt-6 text-slate-500">No orders match.</p>}
      {!isBlank && results.data && results.data.length > 0 && (
        <ul aria-label="Search results" className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
          {results.data.map((order) => (
            <li key={order.id} data-order-id={order.id}>
              <Link
                to={paths.editOrder(order.id)}
                className="grid min-h-11 grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-0.5 px-4 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 md:grid-cols-[minmax(12rem,1.5fr)_8rem_8rem_10rem]"
              >
                <span className="font-semibold text-slate-900">
                  <MarkedText parts={markMatches(order.title, query)} />
                </span>
                <span className="text-sm font-medium text-slate-700">
                  <MarkedText parts={markMatches(formatPostcode(order.postcode), query)} />
                </span>
                <span className="text-sm text-slate-500">
                  <MarkedText parts={markMatches(order.orderNumber, query)} />
                </span>
                <span className="text-sm text-slate-600">
                  Week {order.weekNumber}, {order.year} · {dayLabel(order.day)}
                </span>
                {containsText(order.orderInfo, query) && <NotesMatch order={order} query={query} />}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
