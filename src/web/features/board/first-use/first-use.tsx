import { lazy, Suspense } from 'react';

// The first-use card (docs/decisions/072) loads after the board has painted, in its own file: a
// nursery with orders never needs it, so it stays off the board's first-paint path.
const FirstUseCard = lazy(() => import('./first-use-card').then((m) => ({ default: m.FirstUseCard })));

/** The ways into an empty nursery, above the board; nothing once they are all done. */
export function FirstUse() {
  return (
    <Suspense fallback={null}>
      <FirstUseCard />
    </Suspense>
  );
}
