import { useId, type ReactNode } from 'react';
import {
  isBoardFiltered,
  NO_BOARD_FILTER,
  type BoardFilter,
  type CustomerTypeFilter,
  type StatusFilter,
} from '#domain/orders/board-filter';
import { customerTypeLabel, statusLabel } from '#domain/orders/format';
import { CUSTOMER_TYPES, ORDER_STATUSES } from '#domain/records';
import { setBoardFilter } from './board-filter-store';
import { BoardLegend } from './board-legend';

const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'not-loaded', label: 'Not loaded' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: `${statusLabel(status)} only` })),
];
const CUSTOMER_OPTIONS: readonly { value: CustomerTypeFilter; label: string }[] = [
  { value: 'all', label: 'All customers' },
  ...CUSTOMER_TYPES.map((type) => ({ value: type, label: `${customerTypeLabel(type)} only` })),
];

const selectClass = (isOn: boolean) =>
  `min-h-11 rounded-md border bg-white px-2 text-base focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 md:text-sm pointer-coarse:min-h-11 ${
    isOn ? 'border-emerald-600 bg-emerald-50 font-semibold text-emerald-900' : 'border-slate-300 text-slate-800'
  }`;

/**
 * What the board shows: every order, or only those not loaded, of one status or of one customer
 * type. Remembered on this device. When the filter hides orders it says how many, with Show all.
 * "Colours" explains the line colours and the status chips (docs/decisions/069).
 */
export function BoardToolbar({ filter, hidden, tools }: { filter: BoardFilter; hidden: number; tools?: ReactNode }) {
  const statusId = useId();
  const typeId = useId();
  return (
    <div className="relative mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 px-1 print:hidden">
      <span className="text-sm text-slate-600" aria-hidden="true">
        Show
      </span>
      <label htmlFor={statusId} className="sr-only">
        Show statuses
      </label>
      <select
        id={statusId}
        value={filter.status}
        className={selectClass(filter.status !== 'all')}
        onChange={(e) => setBoardFilter({ ...filter, status: e.target.value as StatusFilter })}
      >
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value || 'none'} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <label htmlFor={typeId} className="sr-only">
        Show customer types
      </label>
      <select
        id={typeId}
        value={filter.customerType}
        className={selectClass(filter.customerType !== 'all')}
        onChange={(e) => setBoardFilter({ ...filter, customerType: e.target.value as CustomerTypeFilter })}
      >
        {CUSTOMER_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <BoardLegend />
      <p role="status" className="text-sm text-slate-700">
        {isBoardFiltered(filter) && hidden > 0 && (
          <>
            <strong className="font-semibold">{hidden} hidden by filter</strong>
            {' · '}
            <button
              type="button"
              className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-950 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 pointer-coarse:min-h-11"
              onClick={() => setBoardFilter(NO_BOARD_FILTER)}
            >
              Show all
            </button>
          </>
        )}
      </p>
      {tools && <div className="ml-auto flex flex-wrap items-center justify-end gap-2">{tools}</div>}
    </div>
  );
}
