import { useQuery } from '@tanstack/react-query';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { textLinkClass } from '../../components/ui/text-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { linkPlanQuery } from '../../lib/customers/link-orders-queries';
import { paths } from '../../lib/paths';
import { Link } from '../../lib/router/links';
import { CloseMatchesSection } from './close-matches-section';
import { ExactMatchesSection } from './exact-matches-section';
import { NewCustomersSection } from './new-customers-section';
import { ordersHave } from './link-words';

function Plan() {
  const plan = useQuery(linkPlanQuery());
  if (plan.isPending) return <LoadingScreen />;
  if (plan.isError)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        The orders without a customer could not be loaded. Check your connection and{' '}
        <button type="button" className="font-semibold underline" onClick={() => void plan.refetch()}>
          try again
        </button>
        .
      </p>
    );
  const { data } = plan;
  if (data.withoutCustomer === 0)
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        Every order has a customer.{' '}
        <Link to={paths.customers} className={textLinkClass}>
          See the customers
        </Link>{' '}
        or go back to the{' '}
        <Link to={paths.board} className={textLinkClass}>
          board
        </Link>
        .
      </p>
    );
  return (
    <>
      <p role="status" className="text-slate-700">
        {ordersHave(data.withoutCustomer)} no customer. Nothing is linked or made until you press a button.
      </p>
      <ExactMatchesSection exact={data.exact} />
      <CloseMatchesSection close={data.close} />
      <NewCustomersSection rest={data.rest} />
    </>
  );
}

/**
 * /link-orders (docs/decisions/066): the one-time assistant that links the nursery's orders without
 * a customer: exact matches in one go, close matches one tap each, the rest made into customers
 * from a preview. For office staff and admins; the route's guard and the server keep anyone else out.
 */
export default function LinkOrdersPage() {
  useDocumentTitle('Link orders to customers');
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-5 sm:px-4">
      <h1 className="text-2xl font-bold text-slate-900">Link orders to customers</h1>
      <PanelErrorBoundary panelName="The linking assistant">
        <Plan />
      </PanelErrorBoundary>
    </div>
  );
}
