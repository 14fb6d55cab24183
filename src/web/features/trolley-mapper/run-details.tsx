import type { VehicleInfo } from '#domain/records';
import { dayMonthYear } from '#domain/trolleys/run-name';
import { TextField } from '../../components/ui/fields';
import type { RunDetail } from './run-plan-state';

const DETAILS = [
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'reg', label: 'Reg', type: 'text' },
  { key: 'code', label: 'Code', type: 'text' },
  { key: 'date', label: 'Date', type: 'date' },
] as const satisfies readonly { key: RunDetail; label: string; type: string }[];

interface RunDetailsProps {
  vehicleInfo: VehicleInfo;
  isEditing: boolean;
  onChange: (detail: RunDetail, value: string) => void;
}

/** Driver, reg, code and date: fields while editing, otherwise a line of the ones filled in. */
export function RunDetails({ vehicleInfo, isEditing, onChange }: RunDetailsProps) {
  if (isEditing) {
    return (
      <fieldset className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-4">
        <legend className="sr-only">Run details</legend>
        {DETAILS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type={field.type}
            value={vehicleInfo[field.key]}
            onChange={(e) => onChange(field.key, e.target.value)}
          />
        ))}
      </fieldset>
    );
  }
  const summary = [
    ['Driver', vehicleInfo.driver],
    ['Reg', vehicleInfo.reg],
    ['Date', dayMonthYear(vehicleInfo.date)],
    ['Code', vehicleInfo.code],
  ].filter(([, value]) => value?.trim());
  if (summary.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 px-1 text-sm text-slate-600">
      {summary.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt>{label}:</dt>
          <dd className="font-semibold text-slate-900 uppercase">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
