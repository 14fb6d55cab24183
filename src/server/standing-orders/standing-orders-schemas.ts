import { Type, type Static } from '@sinclair/typebox';
import { bodyOf, Given, QueryText } from '../plugins/route-schemas';

// Read by #domain/standing-orders/requests.ts, with the sentences the web's dialogs show (docs/decisions/039).

/** The week to fill, `?year=2026&week=48` (or `weekNumber`). */
export const FillWeekQuery = Type.Object({ year: QueryText, week: QueryText, weekNumber: QueryText }, { additionalProperties: true });
export type FillWeekQuery = Static<typeof FillWeekQuery>;

export const FillWeekBody = bodyOf({ year: Given, week: Given, weekNumber: Given }, 'The week to fill: {year, week}');
export type FillWeekBody = Static<typeof FillWeekBody>;

/** `{ids: [...]}` or `{from: {year, week, day?}}`, and `{to: {year, week, day?}}`. */
export const CopyBody = bodyOf({ ids: Given, from: Given, to: Given }, 'The orders to copy and the week (and day) they go to');
export type CopyBody = Static<typeof CopyBody>;
