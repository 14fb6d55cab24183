// What each role may do, as the web app hides what a role cannot do (docs/decisions/035). The
// server's access rules decide; these say the same thing for screens, and a server test holds
// the two together (every role against every action).

/** The things a screen offers or hides by role. */
export type Ability =
  /** Create and edit orders, their status, and runs. */
  | 'edit'
  /** Delete orders and runs (with the deletion password). */
  | 'delete'
  /** Bring deleted orders and runs back from Deleted. */
  | 'restore'
  /** Remove deleted orders and runs for good. */
  | 'purge'
  /** The Team page: people, roles, invitations. */
  | 'team'
  /** The nursery's settings: name, route headings, deletion password. */
  | 'nurserySettings'
  /** Add, change, merge customers; link existing orders to them (docs/decisions/037). */
  | 'customers'
  /** Keep standing orders and fill a week from them (docs/decisions/039). */
  | 'standingOrders'
  /** Add, change and delete the fleet's vehicles and the delivery rounds, pin a customer's place (docs/decisions/076). */
  | 'fleet'
  /** Plan the day's deliveries onto the fleet and create the runs (docs/decisions/076-plan-the-day.md). */
  | 'planDeliveries';

const ABILITIES: Readonly<Record<string, readonly Ability[]>> = {
  admin: ['edit', 'delete', 'restore', 'purge', 'team', 'nurserySettings', 'customers', 'standingOrders', 'fleet', 'planDeliveries'],
  office: ['edit', 'delete', 'restore', 'customers', 'standingOrders', 'fleet', 'planDeliveries'],
  staff: ['edit'],
  viewer: [],
};

/** Whether `role` may do `ability`; an unknown or missing role may do nothing. */
export function can(role: string | null | undefined, ability: Ability): boolean {
  return role !== null && role !== undefined && Object.hasOwn(ABILITIES, role) && (ABILITIES[role] ?? []).includes(ability);
}

/** The sentence a screen shows in place of what a role cannot do. */
export function cannotSentence(role: string | null | undefined, ability: Ability): string {
  if (ability === 'edit') return 'Viewers can look but not change anything. Ask an admin of your nursery if you need to.';
  if (ability === 'customers') return 'Only office staff and admins can change customers. Ask one of them to add or change a customer.';
  if (ability === 'fleet') return 'Only office staff and admins can change vehicles and rounds. Ask one of them to do it.';
  if (ability === 'planDeliveries') return 'Only office staff and admins can plan deliveries. Ask one of them to do it.';
  if (ability === 'delete') return 'Only office staff and admins can delete. Ask one of them if this should go.';
  return `Only admins of your nursery can do this${role ? '' : ' (sign in first)'}.`;
}
