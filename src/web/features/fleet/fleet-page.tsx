import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RoundRecord } from '#domain/collections/rounds';
import type { VehicleRecord } from '#domain/collections/vehicles';
import { vehicleKindAndSize } from '#domain/trolleys/vehicle-layouts';
import { announceDeleted } from '../../components/trail/announce-deleted';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { TextField } from '../../components/ui/fields';
import { FormDialog } from '../../components/ui/form-dialog';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { describeError } from '../../lib/describe-error';
import {
  createRound,
  deleteRound,
  deleteVehicle,
  renameRound,
  roundListQuery,
  updateVehicle,
  useFleetLive,
  vehicleListQuery,
} from '../../lib/fleet/fleet-queries';
import { useCurrentUser } from '../../lib/use-current-user';
import { useCan } from '../../lib/use-role';
import { RoundOrderDialog } from './round-order';
import { VehicleDialog } from './vehicle-dialog';

const cardClass =
  'flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between';

function LoadProblem({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      The {what} could not be loaded. Check your connection and{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        try again
      </button>
      .
    </p>
  );
}

/** "Lorry 16T · AB12 CDE · usually Sam": what tells one vehicle from another. */
const vehicleLine = (vehicle: VehicleRecord) =>
  [vehicleKindAndSize(vehicle.vehicleType, vehicle.trolleyNumber), vehicle.reg, vehicle.driver && `usually ${vehicle.driver}`]
    .filter(Boolean)
    .join(' · ');

function VehicleItem({
  vehicle,
  canChange,
  onEdit,
  onDelete,
}: {
  vehicle: VehicleRecord;
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const toggleActive = async () => {
    setBusy(true);
    try {
      const saved = await updateVehicle(vehicle.id, { active: !vehicle.active });
      notify.success(saved.active ? `${saved.name} is active again.` : `${saved.name} is inactive: Plan deliveries leaves it out.`);
    } catch (err) {
      notify.error(describeError(err, `${vehicle.name} was not changed. Try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={cardClass}>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {vehicle.name}
          {!vehicle.active && (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
              Inactive
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">{vehicleLine(vehicle)}</p>
      </div>
      {canChange && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onEdit} aria-label={`Edit ${vehicle.name}`}>
            Edit
          </Button>
          <Button
            size="sm"
            onClick={() => void toggleActive()}
            disabled={busy}
            aria-label={`${vehicle.active ? 'Deactivate' : 'Activate'} ${vehicle.name}`}
          >
            {vehicle.active ? 'Deactivate' : 'Activate'}
          </Button>
          <Button size="sm" className="text-red-700! hover:bg-red-50!" onClick={onDelete} aria-label={`Delete ${vehicle.name}`}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

function RoundItem({
  round,
  canChange,
  onOpen,
  onRename,
  onDelete,
}: {
  round: RoundRecord;
  canChange: boolean;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  return (
    <li className={cardClass}>
      <p className="min-w-0 font-semibold text-slate-900">{round.name}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="primary" onClick={onOpen} aria-label={`Drop order of ${round.name}`}>
          Drop order
        </Button>
        {canChange && (
          <>
            <Button size="sm" onClick={onRename} aria-label={`Rename ${round.name}`}>
              Rename
            </Button>
            <Button size="sm" className="text-red-700! hover:bg-red-50!" onClick={onDelete} aria-label={`Delete ${round.name}`}>
              Delete
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** Add a round (`round` is 'new') or rename one. */
function RoundNameDialog({ round, onClose }: { round: RoundRecord | 'new' | null; onClose: () => void }) {
  const [name, setName] = useState('');
  useEffect(() => setName(round && round !== 'new' ? round.name : ''), [round]);
  const isNew = round === 'new';
  return (
    <FormDialog
      describeError={describeError}
      open={round !== null}
      title={isNew ? 'Add round' : 'Rename round'}
      actionLabel={isNew ? 'Add round' : 'Save'}
      busyLabel="Saving..."
      onClose={onClose}
      onSubmit={async () => {
        const saved = round && round !== 'new' ? await renameRound(round.id, name) : await createRound(name);
        return isNew ? `${saved.name} added.` : `${saved.name} saved.`;
      }}
    >
      <TextField
        label="Name"
        name="name"
        required
        maxLength={100}
        placeholder="Cotswolds"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
    </FormDialog>
  );
}

type Deleting = { kind: 'vehicle'; record: VehicleRecord } | { kind: 'round'; record: RoundRecord };

/** "Delete Big Blue?": it goes to Deleted, from where office staff and admins restore it (docs/decisions/034). */
function ConfirmDelete({ deleting, onClose }: { deleting: Deleting | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const user = useCurrentUser();
  const name = deleting?.record.name ?? '';
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await (deleting.kind === 'vehicle' ? deleteVehicle(deleting.record.id) : deleteRound(deleting.record.id));
      announceDeleted(deleting.kind === 'vehicle' ? 'vehicles' : 'rounds', deleting.record.id, `${name} deleted.`, user);
      onClose();
    } catch (err) {
      notify.error(describeError(err, `${name} was not deleted. Try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={deleting !== null}
      onClose={onClose}
      title={`Delete ${name}?`}
      description={
        deleting?.kind === 'round'
          ? 'The round goes to Deleted; its customers keep their orders and runs. Office staff and admins can restore it from there.'
          : 'The vehicle goes to Deleted; runs already saved keep their vehicle. Office staff and admins can restore it from there.'
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void remove()} disabled={busy}>
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * /fleet (docs/decisions/076): the nursery's vehicles and delivery rounds. Every member reads
 * them; office staff and admins add, change and delete them and pin a customer's place in its
 * round. The server refuses anyone else regardless.
 */
export default function FleetPage() {
  useDocumentTitle('Fleet');
  useFleetLive();
  const canChange = useCan('fleet');
  const vehicles = useQuery(vehicleListQuery());
  const rounds = useQuery(roundListQuery());
  const [editingVehicle, setEditingVehicle] = useState<VehicleRecord | 'new' | null>(null);
  const [naming, setNaming] = useState<RoundRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [openRound, setOpenRound] = useState<RoundRecord | null>(null);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-3 py-5 sm:px-4">
      <h1 className="text-2xl font-bold text-slate-900">Fleet</h1>
      <section aria-labelledby="vehicles-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="vehicles-heading" className="text-lg font-semibold text-slate-900">
            Vehicles
          </h2>
          {canChange && (
            <Button variant="primary" onClick={() => setEditingVehicle('new')}>
              Add vehicle
            </Button>
          )}
        </div>
        <PanelErrorBoundary panelName="Vehicles">
          {vehicles.isPending && <LoadingScreen />}
          {vehicles.isError && <LoadProblem what="vehicles" onRetry={() => void vehicles.refetch()} />}
          {vehicles.isSuccess && vehicles.data.length === 0 && (
            <p className="text-slate-600">{canChange ? 'No vehicles yet. Add the lorries and trailers you load.' : 'No vehicles yet.'}</p>
          )}
          {vehicles.isSuccess && vehicles.data.length > 0 && (
            <ul aria-label="Vehicles" className="space-y-2">
              {vehicles.data.map((vehicle) => (
                <VehicleItem
                  key={vehicle.id}
                  vehicle={vehicle}
                  canChange={canChange}
                  onEdit={() => setEditingVehicle(vehicle)}
                  onDelete={() => setDeleting({ kind: 'vehicle', record: vehicle })}
                />
              ))}
            </ul>
          )}
        </PanelErrorBoundary>
      </section>

      <section aria-labelledby="rounds-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="rounds-heading" className="text-lg font-semibold text-slate-900">
            Rounds
          </h2>
          {canChange && (
            <Button variant="primary" onClick={() => setNaming('new')}>
              Add round
            </Button>
          )}
        </div>
        <PanelErrorBoundary panelName="Rounds">
          {rounds.isPending && <LoadingScreen />}
          {rounds.isError && <LoadProblem what="rounds" onRetry={() => void rounds.refetch()} />}
          {rounds.isSuccess && rounds.data.length === 0 && (
            <p className="text-slate-600">
              {canChange ? 'No rounds yet. Add the rounds you deliver, such as "Cotswolds" or "Tuesday north".' : 'No rounds yet.'}
            </p>
          )}
          {rounds.isSuccess && rounds.data.length > 0 && (
            <ul aria-label="Rounds" className="space-y-2">
              {rounds.data.map((round) => (
                <RoundItem
                  key={round.id}
                  round={round}
                  canChange={canChange}
                  onOpen={() => setOpenRound(round)}
                  onRename={() => setNaming(round)}
                  onDelete={() => setDeleting({ kind: 'round', record: round })}
                />
              ))}
            </ul>
          )}
        </PanelErrorBoundary>
      </section>

      <VehicleDialog vehicle={editingVehicle} onClose={() => setEditingVehicle(null)} />
      <RoundNameDialog round={naming} onClose={() => setNaming(null)} />
      <ConfirmDelete deleting={deleting} onClose={() => setDeleting(null)} />
      <RoundOrderDialog round={openRound} canChange={canChange} onClose={() => setOpenRound(null)} />
    </div>
  );
}
