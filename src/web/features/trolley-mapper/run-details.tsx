import { useEffect, useRef } from 'react';
import type { VehicleInfo } from '#domain/records';
import { dayMonthYear } from '#domain/trolleys/run-name';
import { TextField } from '../../components/ui/fields';
import { FormMessage } from '../../components/ui/form-message';
import type { RunDetail } from './run-plan-state';

const DETAILS = [
  { key: 'driver', label: 'Driver', type: 'text', required: true },
  { key: 'reg', label: 'Reg', type: 'text', required: true },
  { key: 'code', label: 'Code', type: 'text', required: false },
  { key: 'date', label: 'Date', type: 'date', required: true },
] as const satisfies readonly { key: RunDetail; label: string; type: string; required: boolean }[];

/** Print's own sentence: the run sheet is headed with these, and Print saves the run first. */
export const PRINT_NEEDS_DRIVER_REG_DATE = 'Please enter driver, registration and date before printing: the run sheet shows them.';

/** Save or Print was pressed without a driver, registration or date: what it needs, and when it was asked (a new press focuses again). */
export interface DetailsProblem {
  message: string;
  at: number;
}

interface RunDetailsProps {
  vehicleInfo: VehicleInfo;
  onChange: (detail: RunDetail, value: string) => void;
  problem: DetailsProblem | null;
  /** A plan that may not change: the details are shown, not edited. */
  readOnly?: boolean;
}

const isEmpty = (info: VehicleInfo, key: RunDetail) => info[key].trim() === '';

/** The details a run needs before it is saved or printed: one empty required. */
export function firstMissingDetail(info: VehicleInfo): RunDetail | null {
  return DETAILS.find((field) => field.required && isEmpty(info, field.key))?.key ?? null;
}

/**
 * Driver, reg, code and date, always in sight above the stops. After Save or Print without
 * them, the empty ones are marked, the sentence saying what is needed stays under them, and the
 * first empty one takes the focus.
 */
export function RunDetails({ vehicleInfo, onChange, problem, readOnly = false }: RunDetailsProps) {
  const fields = useRef<HTMLFieldSetElement>(null);
  const showProblem = problem !== null && firstMissingDetail(vehicleInfo) !== null;

  useEffect(() => {
    if (!problem) return;
    const missing = firstMissingDetail(vehicleInfo);
    if (missing) fields.current?.querySelector<HTMLInputElement>(`input[name="${missing}"]`)?.focus();
    // Only a new press moves the focus, not typing into the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problem?.at]);

  if (readOnly) {
    // A fixed plan's details are read, not typed: shown as text, so nothing looks editable.
    return (
      <dl
        aria-label="Run details"
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-4"
      >
        {DETAILS.map((field) => (
          <div key={field.key} className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">{field.label}</dt>
            <dd className="truncate text-sm font-semibold text-slate-900">
              {(field.type === 'date' ? dayMonthYear(vehicleInfo[field.key]) : vehicleInfo[field.key]) || '—'}
            </dd>
          </div>
        ))}
      </dl>
    );
  }

  return (
    <fieldset ref={fields} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <legend className="sr-only">Run details</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {DETAILS.map((field) => (
          <TextField
            key={field.key}
            name={field.key}
            label={field.label}
            type={field.type}
            value={vehicleInfo[field.key]}
            required={field.required}
            error={showProblem && field.required && isEmpty(vehicleInfo, field.key) ? 'Required' : null}
            onChange={(e) => onChange(field.key, e.target.value)}
          />
        ))}
      </div>
      {showProblem && <FormMessage className="mt-2" message={{ tone: 'error', text: problem.message }} />}
    </fieldset>
  );
}
