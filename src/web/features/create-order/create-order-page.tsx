import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function CreateOrderPage() {
  return (
    <PlaceholderScreen title="Add Order">
      <p>Adding orders arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
