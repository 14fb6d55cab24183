import type { VehicleInfo, VehicleType } from '#domain/records';
import { cellCount, vehicleKindLabel } from '#domain/trolleys/vehicle-layouts';
import type { VehicleChange } from '#domain/trolleys/run-plan';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/** A change that would empty filled trolleys, waiting for the planner's yes. */
export interface PendingDrop {
  change: VehicleChange;
  /** The vehicle before the change, to say what would go. */
  vehicleInfo: VehicleInfo;
}

/** The kind's name inside a sentence ("a trailer"). */
const vehicleWord = (type: VehicleType) => vehicleKindLabel(type).toLowerCase();

/** "Trolleys 6, 7 and 9": the filled cells from `from` on. */
function filledTrolleys(grid: readonly string[], from: number): string {
  const numbers = grid.flatMap((cell, index) => (index >= from && cell !== '' ? [index + 1] : []));
  if (numbers.length === 1) return `Trolley ${numbers[0]}`;
  return `Trolleys ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/** The question, its explanation and the button that goes ahead. */
function wording({ change, vehicleInfo }: PendingDrop): { title: string; text: string; confirm: string } {
  const filled = vehicleInfo.grid.filter((cell) => cell !== '').length;
  const all = filled === 1 ? 'the filled trolley' : `the ${filled} filled trolleys`;
  switch (change.kind) {
    case 'clear':
      return { title: 'Clear all trolleys?', text: `This empties ${all}.`, confirm: 'Clear All' };
    case 'type': {
      const to = vehicleWord(change.vehicleType);
      const label = vehicleKindLabel(change.vehicleType);
      return {
        title: `Switch to a ${to}?`,
        text: `A ${to} has other places: this clears the size and empties ${all}.`,
        confirm: `Switch to ${label}`,
      };
    }
    case 'size': {
      const kept = cellCount(vehicleInfo.vehicleType, change.trolleyNumber);
      return {
        title: `Change to ${change.trolleyNumber}T?`,
        text: `A ${change.trolleyNumber}T ${vehicleWord(vehicleInfo.vehicleType)} has ${kept} places, so this empties ${filledTrolleys(vehicleInfo.grid, kept)}.`,
        confirm: `Change to ${change.trolleyNumber}T`,
      };
    }
  }
}

interface ConfirmDropProps {
  pending: PendingDrop | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before Clear All, a switch of vehicle type or a smaller size empties filled trolleys. */
export function ConfirmDrop({ pending, onConfirm, onCancel }: ConfirmDropProps) {
  if (!pending) return null;
  const { title, text, confirm } = wording(pending);
  return (
    <Dialog open onClose={onCancel} title={title} description={`${text} Undo brings them back.`}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* First, so it takes the focus: Enter or a quick tap keeps the trolleys. */}
        <Button variant="secondary" onClick={onCancel}>
          Keep them
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
