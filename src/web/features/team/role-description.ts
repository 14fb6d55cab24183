// The Team page's words for each role: what choosing it lets a person do (docs/decisions/035).
/** What each role may do, in a sentence (the Team page's role choices). */
export function roleDescription(role: string): string {
  switch (role) {
    case 'admin':
      return 'Everything, plus the team, roles and the nursery’s settings.';
    case 'office':
      return 'Orders and runs, and deleting them with the deletion password.';
    case 'staff':
      return 'Adds and edits orders, statuses and runs; cannot delete.';
    case 'viewer':
      return 'Looks only: the board, lists, pick sheets and runs (a yard screen or a driver’s phone).';
    default:
      return '';
  }
}
