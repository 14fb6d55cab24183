// The routes and shapes of planning the day (docs/decisions/076-plan-the-day.md), without imports
// of the server: the board's Plan deliveries, the Fleet screen's rounds and the customer screen
// name them, and the server answers them.
import type { VehicleInfo, RunStop } from '../trolleys/run-fields';
import type { Day } from '../vocabulary/day';
import type { DayPlan, PlanVehicle } from './pack-day';
import type { LearnedRound } from './drop-order';

export const PLAN_API = {
  /** GET `?year=2026&week=48&day=thursday` → DayPlanAnswer. Office staff and admins. */
  day: '/api/trolleyboard/plan/day',
  /** POST CreateRunsBody → CreateRunsAnswer. Office staff and admins; one transaction. */
  createRuns: '/api/trolleyboard/plan/runs',
  /** GET → RoundOrderAnswer: a round's customers in the learned order. Every member. */
  roundOrder: (roundId: string) => `/api/trolleyboard/rounds/${encodeURIComponent(roundId)}/order`,
  roundOrderRoute: '/api/trolleyboard/rounds/:round/order',
  /** GET → RoundSuggestionAnswer: the round a customer's runs suggest. Every member. */
  roundSuggestion: (customerId: string) => `/api/trolleyboard/customers/${encodeURIComponent(customerId)}/round-suggestion`,
  roundSuggestionRoute: '/api/trolleyboard/customers/:customer/round-suggestion',
} as const;

export interface DayPlanQuery {
  year: number;
  week: number;
  day: Day;
}

/** The proposal for one board day; nothing is written to answer it. */
export interface DayPlanAnswer {
  /** yyyy-mm-dd of the board day asked for: each run's vehicleInfo.date. */
  date: string;
  plan: DayPlan;
  /** The active fleet, for a person to change a run's vehicle. */
  vehicles: PlanVehicle[];
  /** The rounds' learned orders the plan used (round id → name in `roundNames`). */
  learned: LearnedRound[];
  roundNames: Record<string, string>;
}

/** One run to create: the id is chosen by the client (15 characters, a–z0–9) so a retry creates nothing twice. */
export interface RunToCreate {
  id: string;
  name: string;
  data: RunStop[];
  vehicleInfo: VehicleInfo;
}

export interface CreateRunsBody {
  runs: RunToCreate[];
}

export interface CreateRunsAnswer {
  /** Ids created by this request. */
  created: string[];
  /** Ids that were already there from an earlier try of the same plan: not created again. */
  existing: string[];
}

/** A customer in its round's learned order, named. */
export interface RoundOrderStop {
  customer: string;
  name: string;
  postcode: string;
  runs: number;
  agreed: number;
  shared: number;
  isNewcomer: boolean;
  /** The customer's pinned place (1 = first drop), or 0 when not pinned. */
  pin: number;
}

export interface RoundOrderAnswer {
  round: string;
  stops: RoundOrderStop[];
}

export interface RoundSuggestionAnswer {
  /** The round most of the customers it shared runs with belong to; '' when the runs suggest none. */
  round: string;
  /** On how many of its runs a customer of that round was. */
  runs: number;
}
