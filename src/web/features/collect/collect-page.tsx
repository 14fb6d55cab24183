import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function CollectPage() {
  return (
    <PlaceholderScreen title="Collect Board">
      <p>The collect board arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
