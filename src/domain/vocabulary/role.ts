// What a member of a nursery may do (docs/decisions/036): the value and the word the team screen,
// invitations and settings show. A role without its row does not compile (docs/decisions/059).

/**
 * admin (the nursery's people and settings, and all below), office (also deletes, with the
 * deletion password), staff (create and edit orders, statuses and runs), viewer (read-only: a
 * yard screen or a driver's phone).
 */
export const ROLES = ['admin', 'office', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleEntry {
  label: string;
}

export const ROLE_TABLE = {
  admin: { label: 'Admin' },
  office: { label: 'Office' },
  staff: { label: 'Staff' },
  viewer: { label: 'Viewer' },
} as const satisfies Readonly<Record<Role, RoleEntry>>;
