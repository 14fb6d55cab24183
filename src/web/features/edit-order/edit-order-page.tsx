import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function EditOrderPage() {
  return (
    <PlaceholderScreen title="Edit Order">
      <p>Editing orders arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
