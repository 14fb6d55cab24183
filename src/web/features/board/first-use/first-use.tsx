import { lazyExtra } from '../../../components/ui/lazy-extra';
import { useCurrentUser } from '../../../lib/use-current-user';
import { rememberedDone } from './first-use-done';

// The first-use card (docs/decisions/072) loads after the board has painted, in its own file: a
// nursery with orders never needs it, so it stays off the board's first-paint path, and a browser
// that saw it done does not load it at all.
const FirstUseCard = lazyExtra(() => import('./first-use-card').then((m) => m.FirstUseCard));

/** The ways into an empty nursery, above the board; nothing once they are all done. */
export function FirstUse() {
  const nursery = useCurrentUser()?.nursery ?? '';
  // A nursery long past its first use never fetches the card's file.
  if (nursery === '' || rememberedDone(nursery)) return null;
  return <FirstUseCard />;
}
