// The vocabulary tables (docs/decisions/059): every value has its row and a word, the vehicle
// kinds give the layouts docs/product.md#trolley-mapper defines, and the compiler refuses a table
// with a missing or extra row (the @ts-expect-error lines below fail `tsc` if it ever stops).

import { describe, expect, expectTypeOf, it } from 'vitest';
import { blockCaption, cellCount, vehicleKindLabel, vehicleLayout, vehicleSizes } from '../trolleys/vehicle-layouts';
import { statusLabel } from '../orders/format';
import { BOARD_TYPE_TABLE, BOARD_TYPES, type BoardType } from './board-type';
import { CUSTOMER_TYPE_TABLE, CUSTOMER_TYPES } from './customer-type';
import { DAY_TABLE, DAYS, type Day } from './day';
import { ORDER_STATUS_TABLE, ORDER_STATUSES, type OrderStatus, type OrderStatusEntry, type StatusIconName } from './order-status';
import { ROLE_TABLE, ROLES } from './role';
import { RUN_STATE_TABLE, RUN_STATES } from './run-state';
import { VEHICLE_KIND_TABLE, VEHICLE_TYPES } from './vehicle-kind';

const TABLES: ReadonlyArray<[string, readonly string[], Readonly<Record<string, { label: string }>>]> = [
  ['order status', ORDER_STATUSES, ORDER_STATUS_TABLE],
  ['customer type', CUSTOMER_TYPES, CUSTOMER_TYPE_TABLE],
  ['board type', BOARD_TYPES, BOARD_TYPE_TABLE],
  ['day', DAYS, DAY_TABLE],
  ['vehicle kind', VEHICLE_TYPES, VEHICLE_KIND_TABLE],
  ['run state', RUN_STATES, RUN_STATE_TABLE],
  ['role', ROLES, ROLE_TABLE],
];

describe('vocabulary tables', () => {
  it.each(TABLES)('%s: one row per value, in the order of the values', (_name, values, table) => {
    expect(Object.keys(table)).toEqual([...values]);
  });

  it.each(TABLES)('%s: every value has a non-empty label', (_name, values, table) => {
    for (const value of values) expect(table[value]?.label.trim(), value).not.toBe('');
  });

  it('labels are the words the screens showed before the tables (spec wording)', () => {
    // toMatchObject: a new value adds its own row without touching these.
    const labels = (values: readonly string[], label: (value: string) => string) =>
      Object.fromEntries(values.map((value) => [value, label(value)]));
    expect(labels(ORDER_STATUSES, statusLabel)).toMatchObject({
      '': 'None',
      working: 'Working',
      missed: 'Query',
      pulled: 'Pulled',
      loaded: 'Loaded',
    });
    expect(labels(BOARD_TYPES, (type) => BOARD_TYPE_TABLE[type as BoardType].label)).toMatchObject({
      none: 'Whiteboard',
      holding: 'Holding',
      collect: 'Collect',
    });
    expect(labels(DAYS, (day) => DAY_TABLE[day as Day].short)).toMatchObject({ monday: 'Mon', sunday: 'Sun' });
    expect(labels(VEHICLE_TYPES, vehicleKindLabel)).toMatchObject({ lorry: 'Lorry', trailer: 'Trailer' });
  });
});

describe('vehicle kinds', () => {
  it('a lorry comes in 4T to 24T, each size that many cells, 4 across and at most 6 rows deep', () => {
    expect(vehicleSizes('lorry')).toEqual([4, 8, 12, 16, 20, 24]);
    for (const size of vehicleSizes('lorry')) {
      const layout = vehicleLayout('lorry', size);
      expect(cellCount('lorry', size)).toBe(size);
      expect(layout).toMatchObject({ columns: 4, rows: size / 4 });
      expect(layout.cells.every((cell) => cell.block === 'grid')).toBe(true);
    }
    expect(vehicleLayout('lorry', 24).rows).toBe(6);
  });

  it('a trailer comes in 3T, 6T and 7T: a head block and a neck block across its width, then a 3x3 grid', () => {
    expect(VEHICLE_KIND_TABLE.trailer.sizes.map((size) => [size.trolleyNumber, cellCount('trailer', size.trolleyNumber)])).toEqual([
      [3, 5],
      [6, 8],
      [7, 9],
    ]);
    const layout = vehicleLayout('trailer', 7);
    expect(layout.cells.slice(0, 3).map((cell) => `Trolley ${cell.index + 1}${blockCaption(cell.block)}`)).toEqual([
      'Trolley 1 (head)',
      'Trolley 2 (neck)',
      'Trolley 3',
    ]);
    expect(layout).toMatchObject({ columns: 3, rows: 5 });
    expect(layout.cells.slice(0, 2).map((cell) => [cell.block, cell.drawRow, cell.columnSpan])).toEqual([
      ['head', 0, 3],
      ['neck', 1, 3],
    ]);
    expect(layout.cells.slice(2).every((cell) => cell.block === 'grid' && cell.drawRow >= 2 && cell.drawRow <= 4)).toBe(true);
  });

  it('a missing or unknown vehicle type reads as a lorry, as a stored run does', () => {
    expect([vehicleKindLabel(undefined), vehicleKindLabel('hovercraft')]).toEqual(['Lorry', 'Lorry']);
  });
});

describe('the compiler refuses a table with a missing or extra row', () => {
  it('checks the rows against the values (at compile time; nothing to run)', () => {
    const noLoaded = {
      '': { label: 'None', icon: 'circle', tone: 'neutral' },
      working: { label: 'Working', icon: 'key-round', tone: 'warning' },
      missed: { label: 'Query', icon: 'circle-question-mark', tone: 'danger' },
      pulled: { label: 'Pulled', icon: 'check', tone: 'good' },
      // @ts-expect-error -- "loaded" has no row: the table does not satisfy Record<OrderStatus, ...>.
    } as const satisfies Readonly<Record<OrderStatus, OrderStatusEntry>>;
    const extra = {
      ...ORDER_STATUS_TABLE,
      // @ts-expect-error -- a row for a value the status list does not have.
      shipped: { label: 'Shipped', icon: 'truck', tone: 'info' },
    } as const satisfies Readonly<Record<OrderStatus, OrderStatusEntry>>;
    // @ts-expect-error -- a role's table missing "viewer".
    const roles: Readonly<Record<(typeof ROLES)[number], { label: string }>> = {
      admin: { label: 'Admin' },
      office: { label: 'Office' },
      staff: { label: 'Staff' },
    };
    expect([noLoaded, extra, roles]).toHaveLength(3);
  });

  it('names each status icon, so the web app must draw each (Record<StatusIconName, path>)', () => {
    // The names stay literal (not widened to string), or a Record<StatusIconName, path> would check nothing.
    expectTypeOf<'check'>().toMatchTypeOf<StatusIconName>();
    expectTypeOf<string>().not.toMatchTypeOf<StatusIconName>();
  });
});
