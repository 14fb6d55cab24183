import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { closeMatches, customerWithPostcode, sameCustomer } from '#domain/customers/close-match';
import type { OrderFields } from '#domain/orders/order-fields';
import { customerKeys, customerNamesQuery, type CustomerName } from '../../lib/customers/customer-queries';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** What Save sends besides the form's fields: the customer picked, or the flag that makes one. */
export type CustomerOnSave = Partial<Pick<OrderFields, 'title' | 'postcode' | 'customerType' | 'customer'>> & { newCustomer?: true };

interface Offer {
  typed: string;
  matches: CustomerName[];
  /** False when the name and postcode are one customer's already: the server would link it anyway. */
  mayBeNew: boolean;
  answer: (choice: CustomerOnSave | null) => void;
}

/**
 * Every order gets its customer on Save (docs/decisions/062). An order with no customer chosen is
 * compared with the customer book: with no close match it is saved at once with `newCustomer`
 * (the server makes the customer in the order's transaction); with close matches the person is
 * asked "Did you mean …?" first. Staff may do this too; only the customer book's own screen is
 * office's. `choose` answers null when the person went back to the form.
 */
export function useCustomerChoice() {
  const queryClient = useQueryClient();
  // Read while the form is open, so Save asks without waiting.
  const book = useQuery(customerNamesQuery());
  const [offer, setOffer] = useState<Offer | null>(null);

  const choose = async (values: OrderFields): Promise<CustomerOnSave | null> => {
    if (values.customer !== '' || values.title.trim() === '') return {};
    const customers = book.data ?? (await bookForSave(queryClient));
    const matches = closeMatches(values.title, values.postcode, customers);
    if (matches.length === 0) return { newCustomer: true };
    return new Promise((resolve) =>
      setOffer({
        typed: values.title.trim(),
        matches,
        mayBeNew: sameCustomer(values.title, values.postcode, customers) === null,
        answer: (choice) => {
          setOffer(null);
          resolve(choice);
        },
      }),
    );
  };

  /** After a save that may have made a customer: the book on every screen reads it again. */
  const saved = () => void queryClient.invalidateQueries({ queryKey: customerKeys.all });

  const dialog = offer && <DidYouMeanDialog offer={offer} />;
  return { choose, saved, dialog };
}

/** How long Save waits for a customer book it has not read yet. */
const BOOK_WAIT_MS = 3_000;

/**
 * The customer book when the form opened before it arrived. Offline, or when it is slow or
 * unreadable, Save goes on without it: the server still links the one customer of this name and
 * postcode when the order arrives. Offline it is not even asked for, as TanStack Query would hold
 * the request (and Save with it) until the connection returns.
 */
async function bookForSave(queryClient: QueryClient): Promise<CustomerName[]> {
  if (!navigator.onLine) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<CustomerName[]>((resolve) => {
    timer = setTimeout(() => resolve([]), BOOK_WAIT_MS);
  });
  try {
    return await Promise.race([queryClient.fetchQuery(customerNamesQuery()), late]);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

const orList = new Intl.ListFormat('en-GB', { type: 'disjunction' });

function DidYouMeanDialog({ offer }: { offer: Offer }) {
  const { matches, answer } = offer;
  return (
    <Dialog
      open
      onClose={() => answer(null)}
      title={`Did you mean ${orList.format(matches.map(customerWithPostcode))}?`}
      description={
        offer.mayBeNew
          ? `“${offer.typed}” is close to a customer you already have. Use that customer, or save the order with a new customer.`
          : `“${offer.typed}” is a customer you already have. Choose it to save the order.`
      }
    >
      <div className="flex flex-col gap-2">
        {matches.map((customer) => (
          <Button
            key={customer.id}
            variant="primary"
            className="h-auto py-2 text-left whitespace-normal!"
            onClick={() =>
              answer({ customer: customer.id, title: customer.name, postcode: customer.postcode, customerType: customer.customerType })
            }
          >
            Use {customerWithPostcode(customer)}
          </Button>
        ))}
        {offer.mayBeNew && <Button onClick={() => answer({ newCustomer: true })}>No, a new customer</Button>}
        <Button variant="ghost" onClick={() => answer(null)}>
          Back to the order
        </Button>
      </div>
    </Dialog>
  );
}
