import { useOutbox } from '../../lib/outbox/outbox-store';

/** A line whose change waits on this device says so until the server has it (docs/decisions/047). */
export function NotSentMark({ orderId }: { orderId: string }) {
  const queue = useOutbox();
  const waiting = queue.filter((entry) => entry.recordId === orderId);
  if (waiting.length === 0) return null;
  const conflict = waiting.some((entry) => entry.state !== 'waiting');
  return (
    <span
      data-not-sent={orderId}
      title={conflict ? 'Not sent: needs you (see the changes not sent)' : 'Not sent yet: it will be sent when the connection returns'}
      className="ol-not-sent"
    >
      Not sent
    </span>
  );
}
