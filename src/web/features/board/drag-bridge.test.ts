import { describe, expect, it, vi } from 'vitest';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import type { OrderRecord } from '#domain/records';
import { DragBridge } from './drag-bridge';

const order = (id: string, title = `Order ${id}`): OrderRecord => ({
  ...ORDER_DEFAULTS,
  id,
  title,
  collectionId: 'tasks',
  collectionName: 'tasks',
  created: '2026-11-20 10:00:00.000Z',
  updated: '2026-11-20 10:00:00.000Z',
  user: '',
  created_by: '',
  updated_by: '',
  nursery: '',
  standingOrder: '',
  standingWeek: '',
  attachments: [],
  year: 2026,
  weekNumber: 47,
});
/** Stands in for an element: the bridge only keeps and compares them. */
const element = (name: string) => ({ name }) as unknown as HTMLElement;

describe('the drag bridge', () => {
  it('keeps a line while its element or Move button is on the page, and tells drag and drop', () => {
    const bridge = new DragBridge();
    const changed = vi.fn();
    bridge.subscribeRegistry(changed);
    const li = element('li');
    const button = element('button');
    bridge.setLinePart(order('a'), 'line', li, null);
    bridge.setLinePart(order('a'), 'handle', button, null);
    expect(bridge.lines.get('a')).toMatchObject({ line: li, handle: button });
    bridge.setLinePart(order('a'), 'handle', null, button);
    bridge.setLinePart(order('a'), 'line', null, li);
    expect(bridge.lines.has('a')).toBe(false);
    expect(changed).toHaveBeenCalledTimes(4);
    expect(bridge.version).toBe(4);
  });

  it('keeps the element of a line drawn anew elsewhere when the old one goes after it (an order moved to another day)', () => {
    const bridge = new DragBridge();
    const old = element('old');
    const moved = element('moved');
    bridge.setLinePart(order('a'), 'line', old, null);
    bridge.setLinePart(order('a', 'Moved'), 'line', moved, null);
    bridge.setLinePart(order('a'), 'line', null, old);
    expect(bridge.lines.get('a')).toMatchObject({ line: moved, order: { title: 'Moved' } });
  });

  it('does the same for the days, and says what is dragged to whoever reads it', () => {
    const bridge = new DragBridge();
    const column = element('column');
    const drawnAgain = element('again');
    bridge.setDay('column', 'monday', column, null);
    bridge.setDay('column', 'monday', drawnAgain, null);
    bridge.setDay('column', 'monday', null, column);
    expect(bridge.days.get('column-monday')?.element).toBe(drawnAgain);
    const told = vi.fn();
    bridge.subscribeState(told);
    bridge.setState({ isEnabled: true, dragged: order('a'), overId: 'column-monday' });
    expect(told).toHaveBeenCalledTimes(1);
    expect(bridge).toMatchObject({ isEnabled: true, overId: 'column-monday', dragged: { id: 'a' } });
  });
});
