import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function PickSheetPage() {
  return (
    <PlaceholderScreen title="Pick Sheet">
      <p>The printable pick sheet arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
