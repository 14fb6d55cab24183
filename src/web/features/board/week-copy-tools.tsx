import { lazyExtra } from '../../components/ui/lazy-extra';
import { CalendarPlus, Copy, FileUp } from '../../components/ui/board-icons';
import { buttonClass } from '../../components/ui/button';
import { useState } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { CalendarDate, IsoWeek } from '#domain/weeks';
import { useCan } from '../../lib/use-role';
import { useWeekSelection } from '../../lib/week-selection';
import type { CopySource } from './copy-orders-dialog';
import { DAY_TOOL_ICON_CLASS, DayToolButton } from './day-tool-button';

// The board's Fill week and Copy to another week controls (docs/decisions/039). Their dialogs
// load on first use: the board paints without them (docs/decisions/006).

const FillWeekDialog = lazyExtra(() => import('./fill-week-dialog').then((m) => m.FillWeekDialog));
const ImportOrdersDialog = lazyExtra(() => import('./import-orders-dialog').then((m) => m.ImportOrdersDialog));
const CopyOrdersDialog = lazyExtra(() => import('./copy-orders-dialog').then((m) => m.CopyOrdersDialog));

const TOOL_BUTTON_CLASS =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-base whitespace-nowrap font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 md:text-sm pointer-coarse:min-h-11';

/** "Fill week": for office staff and admins, on a week that still takes new orders. */
export function FillWeekButton({ year, week, canAddOrders }: { year: number; week: number; canAddOrders: boolean }) {
  const [open, setOpen] = useState(false);
  if (!useCan('standingOrders') || !canAddOrders) return null;
  return (
    <>
      <button type="button" className={TOOL_BUTTON_CLASS} onClick={() => setOpen(true)}>
        <CalendarPlus className="size-4" aria-hidden="true" />
        Fill week
      </button>
      {open && <FillWeekDialog open year={year} week={week} onClose={() => setOpen(false)} />}
    </>
  );
}

/** "Import CSV": orders from a file, for whoever may add orders (docs/decisions/049); viewers never see it. */
/** `onOpenChange` hears the dialog open and close: a parent that may unmount meanwhile keeps it open. */
export function ImportCsvButton({ week, onOpenChange }: { week: number; onOpenChange?: (open: boolean) => void }) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  if (!useCan('edit')) return null;
  return (
    <>
      <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={() => setOpen(true)}>
        <FileUp className="size-4" aria-hidden="true" />
        Import CSV
      </button>
      {open && <ImportOrdersDialog week={week} onClose={() => setOpen(false)} />}
    </>
  );
}

function CopyDialogFor({
  source,
  what,
  from,
  today,
  onClose,
}: {
  source: CopySource;
  what: string;
  from: IsoWeek;
  today: CalendarDate;
  onClose: () => void;
}) {
  return <CopyOrdersDialog source={source} what={what} from={from} today={today} onClose={onClose} />;
}

/** A day's "copy to another week" button, for whoever may add orders, when the day has orders. */
export function CopyDayButton({ column, year, week, count }: { column: BoardColumn; year: number; week: number; count: number }) {
  const [open, setOpen] = useState(false);
  const { today } = useWeekSelection();
  if (!useCan('edit') || count === 0) return null;
  const label = `Copy ${column.label}'s orders to another week`;
  return (
    <>
      <DayToolButton label={label} onClick={() => setOpen(true)}>
        <Copy className={DAY_TOOL_ICON_CLASS} aria-hidden="true" />
      </DayToolButton>
      {open && (
        <CopyDialogFor
          source={{ week: { year, week }, day: column.day }}
          what={`${column.label}'s orders of week ${week}`}
          from={{ year, week }}
          today={today}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** "Copy to another week" for the orders chosen in map mode. */
export function CopyChosenButton({ ids, className }: { ids: readonly string[]; className: string }) {
  const [open, setOpen] = useState(false);
  const { year, week, today } = useWeekSelection();
  if (!useCan('edit')) return null;
  return (
    <>
      <button type="button" className={className} disabled={ids.length === 0} onClick={() => setOpen(true)}>
        <Copy className="size-4" aria-hidden="true" />
        Copy to another week
      </button>
      {open && (
        <CopyDialogFor
          source={{ ids }}
          what={ids.length === 1 ? 'the chosen order' : `the ${ids.length} chosen orders`}
          from={{ year, week }}
          today={today}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
