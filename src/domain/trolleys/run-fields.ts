// How a run's stops and vehicle details are read from a client (the `data` and `vehicleInfo`
// fields of collections/trolley-exports.ts), and the limits of a run.
import type { FieldRead } from '../collections/fields';
import { describeIn, isPlainObject, oneOf, readInteger, readText, type FieldError } from '../validation';
import { VEHICLE_TYPES, type VehicleType } from '../vocabulary/vehicle-kind';
import { parseCalendarDate } from '../weeks';

/** One customer stop on a run. All strings, as the spec stores them. */
export interface RunStop {
  id: string;
  title: string;
  postcode: string;
  trollies: string;
  extras: string;
  orderNumber: string;
}

/** A run's vehicle, driver and load plan grid (a run's `vehicleInfo`). */
export interface VehicleInfo {
  driver: string;
  reg: string;
  code: string;
  /** yyyy-mm-dd */
  date: string;
  vehicleType: VehicleType;
  trolleyNumber: number;
  grid: string[];
}

export const RUN_LIMITS = {
  name: 200,
  stops: 200,
  gridCells: 24,
  cellLabel: 300,
  maxTrolleyNumber: 100,
} as const;

/** The wording of the save-run rule (docs/product.md#trolley-mapper). */
export const RUN_NEEDS_DRIVER_REG_DATE = 'Please enter driver, registration and date before saving.';

const STOP_FIELDS: { key: keyof RunStop; label: string; max: number }[] = [
  { key: 'id', label: 'id', max: 100 },
  { key: 'title', label: 'title', max: 200 },
  { key: 'postcode', label: 'postcode', max: 100 },
  { key: 'trollies', label: 'trollies', max: 100 },
  { key: 'extras', label: 'extras', max: 100 },
  { key: 'orderNumber', label: 'order number', max: 100 },
];

type Read<T> = FieldRead<T>;

function invalid(message: string, code = 'validation_invalid_value'): { ok: false; error: FieldError } {
  return { ok: false, error: { code, message } };
}

/** A text problem inside a run, named by where it is ("Customer 2: the title must be …"). */
function textProblem(subject: string, error: FieldError): { ok: false; error: FieldError } {
  return invalid(describeIn(subject, error), error.code);
}

/** The customers of a run, in order (`data`); a missing list is an empty run. */
export function readStops(raw: unknown): Read<RunStop[]> {
  if (raw === null || raw === undefined) return { ok: true, value: [] };
  if (!Array.isArray(raw)) return invalid('The customer list could not be read.', 'validation_invalid_type');
  if (raw.length > RUN_LIMITS.stops) {
    return invalid(`A run can hold at most ${RUN_LIMITS.stops} customers.`, 'validation_too_many_values');
  }
  const stops: RunStop[] = [];
  for (const [index, item] of raw.entries()) {
    const position = `Customer ${index + 1}`;
    if (!isPlainObject(item)) return invalid(`${position} could not be read.`, 'validation_invalid_type');
    const stop: RunStop = { id: '', title: '', postcode: '', trollies: '', extras: '', orderNumber: '' };
    for (const { key, label, max } of STOP_FIELDS) {
      const read = readText(item[key], max);
      if (!read.ok) return textProblem(`${position}: the ${label}`, read.error);
      stop[key] = read.text;
    }
    stops.push(stop);
  }
  return { ok: true, value: stops };
}

function readGrid(raw: unknown): Read<string[]> {
  if (raw === null || raw === undefined) return { ok: true, value: [] };
  if (!Array.isArray(raw)) return invalid('The trolley grid could not be read.', 'validation_invalid_type');
  if (raw.length > RUN_LIMITS.gridCells) {
    return invalid(`The trolley grid can have at most ${RUN_LIMITS.gridCells} cells.`, 'validation_too_many_values');
  }
  const grid: string[] = [];
  for (const [index, cell] of raw.entries()) {
    const read = readText(cell, RUN_LIMITS.cellLabel);
    if (!read.ok) return textProblem(`Trolley ${index + 1} in the grid`, read.error);
    grid.push(read.text);
  }
  return { ok: true, value: grid };
}

/**
 * The vehicle details (`vehicleInfo`), normalised to the stored shape (missing texts become '').
 * A run can only be saved with a driver, registration and date, so they are required whenever sent.
 */
export function readVehicleInfo(raw: unknown): Read<VehicleInfo> {
  if (raw === null || raw === undefined) return invalid(RUN_NEEDS_DRIVER_REG_DATE, 'validation_required');
  if (!isPlainObject(raw)) return invalid('The vehicle details could not be read.', 'validation_invalid_type');

  const text: Partial<Record<'driver' | 'reg' | 'code' | 'date', string>> = {};
  for (const [key, label] of [
    ['driver', 'driver'],
    ['reg', 'registration'],
    ['code', 'code'],
    ['date', 'date'],
  ] as const) {
    const read = readText(raw[key], 100);
    if (!read.ok) return textProblem(`The ${label}`, read.error);
    text[key] = read.text;
  }
  const { driver = '', reg = '', code = '', date = '' } = text;
  if (date !== '' && !parseCalendarDate(date)) return invalid('The date is not a real date. Pick it from the calendar.');

  const vehicleType = oneOf(raw.vehicleType ?? 'lorry', VEHICLE_TYPES);
  if (!vehicleType.ok) return invalid('The vehicle must be a lorry or a trailer.');

  const trolleyNumber = readInteger(raw.trolleyNumber);
  if (trolleyNumber.ok === false) return invalid('The vehicle size must be a whole number of trolleys.', trolleyNumber.error.code);
  const size = trolleyNumber.ok === 'blank' ? 0 : trolleyNumber.number;
  if (size < 0 || size > RUN_LIMITS.maxTrolleyNumber) {
    return invalid(`The vehicle size must be between 0 and ${RUN_LIMITS.maxTrolleyNumber} trolleys.`);
  }

  const grid = readGrid(raw.grid);
  if (!grid.ok) return grid;

  if (driver.trim() === '' || reg.trim() === '' || date === '') return invalid(RUN_NEEDS_DRIVER_REG_DATE, 'validation_required');
  return { ok: true, value: { driver, reg, code, date, vehicleType: vehicleType.value, trolleyNumber: size, grid: grid.value } };
}
