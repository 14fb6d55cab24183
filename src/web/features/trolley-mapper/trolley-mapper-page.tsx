import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue builds this screen (route table, spec section 2). */
export default function TrolleyMapperPage() {
  return (
    <PlaceholderScreen title="Trolley Mapper">
      <p>The trolley mapper arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
