import { describe, expect, it } from 'vitest';
import { can, type Ability } from './role-abilities';

describe('can', () => {
  const table: Array<[string, Record<Ability, boolean>]> = [
    [
      'admin',
      {
        edit: true,
        delete: true,
        restore: true,
        purge: true,
        team: true,
        nurserySettings: true,
        customers: true,
        standingOrders: true,
        fleet: true,
        planDeliveries: true,
      },
    ],
    [
      'office',
      {
        edit: true,
        delete: true,
        restore: true,
        purge: false,
        team: false,
        nurserySettings: false,
        customers: true,
        standingOrders: true,
        fleet: true,
        planDeliveries: true,
      },
    ],
    [
      'staff',
      {
        edit: true,
        delete: false,
        restore: false,
        purge: false,
        team: false,
        nurserySettings: false,
        customers: false,
        standingOrders: false,
        fleet: false,
        planDeliveries: false,
      },
    ],
    [
      'viewer',
      {
        edit: false,
        delete: false,
        restore: false,
        purge: false,
        team: false,
        nurserySettings: false,
        customers: false,
        standingOrders: false,
        fleet: false,
        planDeliveries: false,
      },
    ],
    [
      '',
      {
        edit: false,
        delete: false,
        restore: false,
        purge: false,
        team: false,
        nurserySettings: false,
        customers: false,
        standingOrders: false,
        fleet: false,
        planDeliveries: false,
      },
    ],
    [
      'owner',
      {
        edit: false,
        delete: false,
        restore: false,
        purge: false,
        team: false,
        nurserySettings: false,
        customers: false,
        standingOrders: false,
        fleet: false,
        planDeliveries: false,
      },
    ],
    [
      'constructor',
      {
        edit: false,
        delete: false,
        restore: false,
        purge: false,
        team: false,
        nurserySettings: false,
        customers: false,
        standingOrders: false,
        fleet: false,
        planDeliveries: false,
      },
    ],
  ];
  it.each(table)('%s', (role, abilities) => {
    for (const [ability, expected] of Object.entries(abilities))
      expect([ability, can(role, ability as Ability)]).toEqual([ability, expected]);
  });
  it('gives nothing to nobody', () => {
    expect(can(null, 'edit')).toBe(false);
    expect(can(undefined, 'edit')).toBe(false);
  });
});
