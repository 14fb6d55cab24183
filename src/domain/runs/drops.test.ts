import { describe, expect, it } from 'vitest';
import { deliveredMarkLabel, deliveryNoteFileName, dropLine, dropProgress, plannedDeliveredLine } from './drops';

describe('drops as the Runs screen reads them', () => {
  it('count the stops that have their drop, once each', () => {
    expect(dropProgress(['a', 'b', '#3', 'd', 'e'], [{ stop: 'a' }, { stop: '#3' }])).toBe('2 of 5 drops');
    expect(dropProgress(['a'], [])).toBe('0 of 1 drop');
    // A drop of a stop no longer on the run does not count.
    expect(dropProgress(['a', 'b'], [{ stop: 'a' }, { stop: 'gone' }])).toBe('1 of 2 drops');
  });

  it('say who received it and when, or why it was not delivered', () => {
    expect(dropLine({ outcome: 'delivered', receivedBy: ' Jo Green ', reason: '' }, '10:42')).toBe('Delivered to Jo Green at 10:42');
    expect(dropLine({ outcome: 'delivered', receivedBy: '', reason: '' }, '10:42')).toBe('Delivered at 10:42');
    expect(dropLine({ outcome: 'not_delivered', receivedBy: '', reason: 'Closed' }, '10:42')).toBe('Not delivered: Closed');
  });
});

describe('the board delivered mark', () => {
  it('reads as the drop does', () => {
    expect(deliveredMarkLabel({ receivedBy: 'Jo', recordedAt: 'x' }, () => '10:42')).toBe('Delivered to Jo at 10:42');
  });
});

describe('the delivery note file name', () => {
  it('is lower case without spaces, by customer, date and drop', () => {
    expect(deliveryNoteFileName('Green Garden Centre', '2026-11-24', 2)).toBe('delivery-note_green-garden-centre_2026-11-24_drop-2.pdf');
    expect(deliveryNoteFileName('  ', '', 1)).toBe('delivery-note_customer_undated_drop-1.pdf');
  });
});

describe('plannedDeliveredLine', () => {
  it.each([
    [4, 3, 2, 'Planned 4 trolleys · delivered 3 · 2 back'],
    [1, 2, 0, 'Planned 1 trolley · delivered 2 · 0 back'],
    [3, 3, 1, ''],
  ])('planned %i, delivered %i, %i back → %s', (planned, delivered, back, line) => {
    expect(plannedDeliveredLine(planned, delivered, back)).toBe(line);
  });
});
