import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Placeholder until a later issue shows a saved run inside the trolley mapper. */
export default function RunViewPage() {
  return (
    <PlaceholderScreen title="Saved Run">
      <p>Loading export...</p>
      <p>Viewing a saved run arrives in a later release.</p>
    </PlaceholderScreen>
  );
}
