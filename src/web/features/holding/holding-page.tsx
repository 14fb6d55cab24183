import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function HoldingPage() {
  return (
    <PlaceholderScreen title="Holding">
      <p>The holding list arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
