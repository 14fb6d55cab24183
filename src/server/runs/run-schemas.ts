import { Type, type Static } from '@sinclair/typebox';
import type { DeliveredMarksAnswer } from '#domain/runs/runs-api';
import { answerSchema, bodyOf, Given, paramsOf, QueryText } from '../plugins/route-schemas';

export const RunParams = paramsOf('run');

/** A run's next step (docs/decisions/042). */
export const MoveBody = bodyOf({ state: Given }, 'The state the run moves to');
export type MoveBody = Static<typeof MoveBody>;

/**
 * A drop: the fields of a run_drops record a client may send, read by the collection's own
 * validator, which names each wrong or unknown field (docs/decisions/042).
 */
export const DropBody = bodyOf({}, 'One drop of the run (a run_drops record)');
// Any names: the refusal of the ones a client may not send is the collection's (client-fields.ts).
export type DropBody = Record<string, unknown>;

/** The week of the board's delivered marks, `?year=2026&week=48`. */
export const DeliveredMarksQuery = Type.Object({ year: QueryText, week: QueryText }, { additionalProperties: true });
export type DeliveredMarksQuery = Static<typeof DeliveredMarksQuery>;

/** The board's delivered marks of a week, one per delivered order: serialised by its schema. */
export const DeliveredMarksSchema = answerSchema<DeliveredMarksAnswer>()(
  Type.Object({ items: Type.Array(Type.Object({ order: Type.String(), receivedBy: Type.String(), recordedAt: Type.String() })) }),
);
