import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function SearchPage() {
  return (
    <PlaceholderScreen title="Search">
      <p>Search arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
