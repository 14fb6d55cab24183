import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function RunsPage() {
  return (
    <PlaceholderScreen title="Runs">
      <p>The list of saved runs arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
