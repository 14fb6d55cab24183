import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunStop, VehicleInfo } from '#domain/records';
import { countTrollies } from '#domain/trolleys/count-trollies';
import { customerLabel } from '#domain/trolleys/customer-label';
import { dayMonthYear } from '#domain/trolleys/run-name';
import { chooseVehicleSize, clearCells, normalizeGrid, switchVehicleType, writeCell, type RunPlan } from '#domain/trolleys/run-plan';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { LeaveGuard } from './leave-guard';
import { printRunSheet } from './print-run-sheet';
import { saveRun, type RunVersion } from './save-run';
import { StopList, type StopField } from './stop-list';
import { blankStop, withUniqueIds } from './stop-ids';
import { toggleButton } from './styles';
import { VehiclePanel, type Brush } from './vehicle-panel';

/** The Save label goes back from "Saving..." to "Save" after 3 s at the latest (docs/product.md#trolley-mapper). */
const SAVE_LABEL_RESET_MS = 3000;

interface TrolleyMapperProps {
  initialPlan: RunPlan;
  /** The saved run this plan was opened from, if any. */
  savedVersion?: RunVersion | null;
}

const DETAILS = [
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'reg', label: 'Reg', type: 'text' },
  { key: 'code', label: 'Code', type: 'text' },
  { key: 'date', label: 'Date', type: 'date' },
] as const satisfies readonly { key: keyof VehicleInfo; label: string; type: string }[];

/**
 * The trolley mapper: the run's customers on the left, the vehicle on the right. Used for a
 * new run (/trolley-mapper) and for a saved one (/runs/view/{id}).
 */
export function TrolleyMapper({ initialPlan, savedVersion = null }: TrolleyMapperProps) {
  const [plan, setPlan] = useState<RunPlan>(() => ({
    stops: withUniqueIds(initialPlan.stops),
    vehicleInfo: normalizeGrid(initialPlan.vehicleInfo),
  }));
  const [savedSnapshot, setSavedSnapshot] = useState(() => JSON.stringify(plan));
  const [isEditing, setEditing] = useState(false);
  const [brush, setBrush] = useState<Brush>(null);
  const [isSaving, setSaving] = useState(false);
  const [isPrinting, setPrinting] = useState(false);
  const version = useRef<RunVersion | null>(savedVersion);
  const vehicleRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(savedVersion ? 'Saved Run' : 'Trolley Mapper');

  const hasUnsavedChanges = useMemo(() => JSON.stringify(plan) !== savedSnapshot, [plan, savedSnapshot]);

  // The label shows "Saving..." while a save runs, and never longer than 3 s.
  useEffect(() => {
    if (!isSaving) return;
    const timer = setTimeout(() => setSaving(false), SAVE_LABEL_RESET_MS);
    return () => clearTimeout(timer);
  }, [isSaving]);

  const setStops = useCallback((update: (stops: RunStop[]) => RunStop[]) => setPlan((p) => ({ ...p, stops: update(p.stops) })), []);
  const setVehicle = useCallback(
    (update: (info: VehicleInfo) => VehicleInfo) => setPlan((p) => ({ ...p, vehicleInfo: update(p.vehicleInfo) })),
    [],
  );

  const save = async (): Promise<boolean> => {
    setSaving(true);
    const saving = plan;
    const result = await saveRun(saving, version.current);
    setSaving(false);
    if (!result.ok) {
      notify.error(result.message);
      return false;
    }
    version.current = { id: result.record.id, updated: result.record.updated };
    setSavedSnapshot(JSON.stringify(saving));
    return true;
  };

  const onSave = async () => {
    if (await save()) notify.success('Run saved.');
  };

  const onPrint = async () => {
    setPrinting(true);
    try {
      if (!(await save())) return;
      await printRunSheet(plan, new Date());
    } catch (err) {
      console.warn('Printing the run sheet failed.', err);
      notify.error('The run sheet could not be made. The run is saved; try Print again.');
    } finally {
      setPrinting(false);
    }
  };

  const onChangeStop = (id: string, field: StopField, value: string) =>
    setStops((stops) => stops.map((stop) => (stop.id === id ? { ...stop, [field]: value } : stop)));

  const onClickCell = (index: number) => {
    if (brush === null) {
      notify.info('Click a customer in the list first, or Blank Trolley or Erase.');
      return;
    }
    setVehicle((info) => writeCell(info, index, brush));
  };

  const info = plan.vehicleInfo;
  const summary = [
    ['Driver', info.driver],
    ['Reg', info.reg],
    ['Date', dayMonthYear(info.date)],
    ['Code', info.code],
  ].filter(([, value]) => value?.trim());

  return (
    <div className={`px-3 py-4 sm:px-4 ${brush !== null && brush !== '' ? 'pb-20 lg:pb-4' : ''}`}>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} />
      <h1 className="sr-only">Trolley Mapper</h1>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <section aria-labelledby="stops-heading" className="space-y-3">
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <h2 id="stops-heading" className="mr-auto w-full text-lg font-bold text-slate-900 sm:w-auto">
              Total Trollies: {countTrollies(plan.stops)}
            </h2>
            <button type="button" className={toggleButton(isEditing)} aria-pressed={isEditing} onClick={() => setEditing((e) => !e)}>
              {isEditing ? 'Finish Editing' : 'Edit'}
            </button>
            <Button variant="secondary" onClick={() => void onSave()} disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="primary" onClick={() => void onPrint()} disabled={isPrinting}>
              {isPrinting ? 'Printing...' : 'Print'}
            </Button>
            {hasUnsavedChanges && <p className="w-full text-xs text-amber-700">Unsaved changes</p>}
          </div>

          {isEditing ? (
            <fieldset className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-4">
              <legend className="sr-only">Run details</legend>
              {DETAILS.map((field) => (
                <TextField
                  key={field.key}
                  label={field.label}
                  type={field.type}
                  value={info[field.key]}
                  onChange={(e) => setVehicle((v) => ({ ...v, [field.key]: e.target.value }))}
                />
              ))}
            </fieldset>
          ) : (
            summary.length > 0 && (
              <dl className="flex flex-wrap gap-x-4 gap-y-1 px-1 text-sm text-slate-600">
                {summary.map(([label, value]) => (
                  <div key={label} className="flex gap-1">
                    <dt>{label}:</dt>
                    <dd className="font-semibold text-slate-900 uppercase">{value}</dd>
                  </div>
                ))}
              </dl>
            )
          )}

          <StopList
            stops={plan.stops}
            isEditing={isEditing}
            currentLabel={brush}
            onReorder={(stops) => setStops(() => stops)}
            onChooseStop={(stop) => setBrush(customerLabel(stop))}
            onChangeStop={onChangeStop}
            onRemoveStop={(id) => setStops((stops) => stops.filter((stop) => stop.id !== id))}
          />
          {isEditing && (
            <Button variant="secondary" fullWidth className="border-dashed" onClick={() => setStops((stops) => [...stops, blankStop()])}>
              + Add
            </Button>
          )}
        </section>

        <div className="scroll-mt-24 lg:sticky lg:top-20" ref={vehicleRef}>
          <VehiclePanel
            vehicleInfo={info}
            brush={brush}
            onChooseType={(type) => setVehicle((v) => switchVehicleType(v, type))}
            onChooseSize={(size) => setVehicle((v) => chooseVehicleSize(v, size))}
            onChooseBrush={setBrush}
            onClickCell={onClickCell}
            onClearAll={() => setVehicle(clearCells)}
          />
        </div>
      </div>

      {/* Phones and tablets stack the list above the vehicle: keep the chosen customer in sight
          while filling trolleys further down, with a way back to the trolleys. */}
      {brush !== null && brush !== '' && (
        <div className="fixed inset-x-0 bottom-0 z-20 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden">
          <p className="min-w-0 flex-1 truncate text-sm text-slate-600">
            Filling with <span className="font-semibold text-emerald-800">{brush}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => vehicleRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
            Show trolleys
          </Button>
        </div>
      )}
    </div>
  );
}
