// Who may plan the day and create its runs (docs/decisions/076): office staff and admins, as they
// keep the fleet and the rounds. The server's plan routes refuse everyone else in this sentence;
// a screen that hides Plan deliveries can say the same.
import type { Role } from '../records';

/** The roles that plan deliveries and create the planned runs. */
export const PLANNER_ROLES: readonly Role[] = ['admin', 'office'];

/** The sentence staff and viewers get for planning a day or creating its runs. */
export const PLANNERS_ONLY = 'Only office staff and admins can plan deliveries. Ask one of them to do it.';
