// A tool in a day's header of the board (Copy the day, Plan deliveries): an icon button named by
// its label, 44 px square on phones and touch screens, compact for a mouse, one shape for all.
import type { ReactNode } from 'react';
import { STATUS_BUTTON_CLASS } from './status-button';

/** The size of a day tool's icon: larger where the button is 44 px. */
export const DAY_TOOL_ICON_CLASS = 'size-5 md:size-4 pointer-coarse:size-5';

export function DayToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`${STATUS_BUTTON_CLASS} text-slate-700`} aria-label={label} title={label} onClick={onClick}>
      {children}
    </button>
  );
}
