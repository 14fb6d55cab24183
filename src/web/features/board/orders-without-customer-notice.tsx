import { useQuery } from '@tanstack/react-query';
import { textLinkClass } from '../../components/ui/text-link';
import { ordersWithoutCustomerQuery } from '../../lib/customers/orders-without-customer-query';
import { paths } from '../../lib/paths';
import { Link } from '../../lib/router/links';
import { useCan } from '../../lib/use-role';

/**
 * A quiet line under the board's toolbar for office staff and admins while any order of the
 * nursery has no customer (docs/decisions/066): it leads to the linking assistant. Nobody else
 * sees it; the count is one indexed COUNT on the server.
 */
export function OrdersWithoutCustomerNotice() {
  const mayLink = useCan('customers');
  const count = useQuery(ordersWithoutCustomerQuery(mayLink));
  const orders = count.data?.orders ?? 0;
  if (!mayLink || orders === 0) return null;
  return (
    <p role="status" className="mb-2 px-1 text-sm text-slate-700 print:hidden">
      {orders === 1 ? '1 order has no customer.' : `${orders} orders have no customer.`}{' '}
      <Link to={paths.linkOrders} className={textLinkClass}>
        Link them
      </Link>
    </p>
  );
}
