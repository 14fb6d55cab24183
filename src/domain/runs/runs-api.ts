// The routes of a run's lifecycle and drops (docs/decisions/042), without imports: the Runs screen
// and the driver's page name them.

export const RUNS_API = {
  state: (runId: string) => `/api/trolleyboard/runs/${encodeURIComponent(runId)}/state`,
  stateRoute: '/api/trolleyboard/runs/:run/state',
  drops: (runId: string) => `/api/trolleyboard/runs/${encodeURIComponent(runId)}/drops`,
  dropsRoute: '/api/trolleyboard/runs/:run/drops',
  /** The board's delivered marks of one ISO week: `?year=2026&week=48`. */
  deliveredMarks: '/api/trolleyboard/runs/delivered-marks',
} as const;

/** One order of the week whose drop was delivered. */
export interface DeliveredMark {
  order: string;
  receivedBy: string;
  recordedAt: string;
}

export interface DeliveredMarksAnswer {
  items: DeliveredMark[];
}
