import { describeNotSent, outboxEntries } from './outbox-store';

/**
 * Signing out clears the queue (docs/decisions/047): with changes not sent, the person is asked
 * first ("2 changes not sent will be lost. Sign out anyway?"). True when signing out may go on.
 */
export function mayLoseUnsentChanges(): boolean {
  const count = outboxEntries().length;
  return count === 0 || window.confirm(`${describeNotSent(count)} will be lost. Sign out anyway?`);
}
