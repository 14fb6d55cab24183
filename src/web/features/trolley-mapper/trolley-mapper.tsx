import { useReducer, useRef, useState } from 'react';
import { customerLabel } from '#domain/trolleys/customer-label';
import type { RunPlan } from '#domain/trolleys/run-plan';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { BrushBar } from './brush-bar';
import { LeaveGuard } from './leave-guard';
import { RunDetails } from './run-details';
import { changePlan, hasUnsavedChanges, openPlan } from './run-plan-state';
import { RunToolbar } from './run-toolbar';
import type { RunVersion } from './save-run';
import { blankStop } from './stop-ids';
import { StopList } from './stop-list';
import { useRunActions } from './use-run-actions';
import { VehiclePanel, type Brush } from './vehicle-panel';

interface TrolleyMapperProps {
  initialPlan: RunPlan;
  /** The saved run this plan was opened from, if any. */
  savedVersion?: RunVersion | null;
  /** A role that may not change runs (a viewer) looks and prints only (docs/decisions/035). */
  readOnly?: boolean;
}

/**
 * The trolley mapper: the run's customers on the left, the vehicle on the right. Used for a
 * new run (/trolley-mapper) and for a saved one (/runs/view/{id}).
 */
export function TrolleyMapper({ initialPlan, savedVersion = null, readOnly = false }: TrolleyMapperProps) {
  const [state, change] = useReducer(changePlan, initialPlan, openPlan);
  const { plan } = state;
  const [isEditing, setEditing] = useState(false);
  const [brush, setBrush] = useState<Brush>(null);
  const run = useRunActions(savedVersion, (saved) => change({ type: 'saved', plan: saved }));
  const vehicleRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(savedVersion ? 'Saved Run' : 'Trolley Mapper');
  const isFilling = brush !== null && brush !== '';
  const unsaved = hasUnsavedChanges(state);

  const onClickCell = (index: number) => {
    if (brush === null) notify.info('Click a customer in the list first, or Blank Trolley or Erase.');
    else change({ type: 'fill-cell', index, label: brush });
  };

  return (
    <div className={`px-3 py-4 sm:px-4 ${isFilling ? 'pb-20 lg:pb-4' : ''}`}>
      <LeaveGuard hasUnsavedChanges={unsaved} />
      <h1 className="sr-only">Trolley Mapper</h1>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <section aria-labelledby="stops-heading" className="space-y-3">
          <RunToolbar
            stops={plan.stops}
            isEditing={isEditing}
            onToggleEditing={() => setEditing((e) => !e)}
            isSaving={run.isSaving}
            onSave={() => void run.save(plan)}
            isPrinting={run.isPrinting}
            onPrint={() => void run.print(plan)}
            hasUnsavedChanges={unsaved}
            readOnly={readOnly}
          />
          <RunDetails
            vehicleInfo={plan.vehicleInfo}
            isEditing={isEditing}
            onChange={(detail, value) => change({ type: 'edit-detail', detail, value })}
          />
          <StopList
            stops={plan.stops}
            isEditing={isEditing}
            currentLabel={brush}
            onReorder={(stops) => change({ type: 'reorder-stops', stops })}
            onChooseStop={(stop) => setBrush(customerLabel(stop))}
            onChangeStop={(id, field, value) => change({ type: 'edit-stop', id, field, value })}
            onRemoveStop={(id) => change({ type: 'remove-stop', id })}
          />
          {isEditing && (
            <Button variant="secondary" fullWidth className="border-dashed" onClick={() => change({ type: 'add-stop', stop: blankStop() })}>
              + Add
            </Button>
          )}
        </section>

        <div className="scroll-mt-24 lg:sticky lg:top-20" ref={vehicleRef}>
          <VehiclePanel
            vehicleInfo={plan.vehicleInfo}
            brush={brush}
            onChooseType={(vehicleType) => change({ type: 'choose-vehicle-type', vehicleType })}
            onChooseSize={(size) => change({ type: 'choose-vehicle-size', size })}
            onChooseBrush={setBrush}
            onClickCell={onClickCell}
            onClearAll={() => change({ type: 'clear-cells' })}
          />
        </div>
      </div>

      {isFilling && (
        <BrushBar label={brush} onShowTrolleys={() => vehicleRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })} />
      )}
    </div>
  );
}
