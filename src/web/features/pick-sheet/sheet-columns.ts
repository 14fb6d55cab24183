import { useCallback, useState } from 'react';
import type { SheetColumns } from '../../lib/pdf/day-sheet';

/**
 * The pick-sheet page's optional columns (Extras, Trollies, Notes), remembered on this device
 * (not per person: the yard tablet keeps the yard's choice) in localStorage.
 */
export const SHEET_COLUMNS_KEY = 'pick_sheet_columns';

export const NO_OPTIONAL_COLUMNS: SheetColumns = { extras: false, trollies: false, notes: false };

export function readSheetColumns(): SheetColumns {
  try {
    const parsed = JSON.parse(localStorage.getItem(SHEET_COLUMNS_KEY) ?? 'null') as Partial<Record<keyof SheetColumns, unknown>> | null;
    if (typeof parsed !== 'object' || parsed === null) return NO_OPTIONAL_COLUMNS;
    return { extras: parsed.extras === true, trollies: parsed.trollies === true, notes: parsed.notes === true };
  } catch {
    return NO_OPTIONAL_COLUMNS;
  }
}

function writeSheetColumns(columns: SheetColumns): void {
  try {
    localStorage.setItem(SHEET_COLUMNS_KEY, JSON.stringify(columns));
  } catch {
    // A full or blocked storage only forgets the choice for the next visit.
  }
}

/** The columns and a setter for one of them, which remembers the choice. */
export function useSheetColumns(): [SheetColumns, (column: keyof SheetColumns, shown: boolean) => void] {
  const [columns, setColumns] = useState(readSheetColumns);
  const setColumn = useCallback((column: keyof SheetColumns, shown: boolean) => {
    setColumns((current) => {
      const next = { ...current, [column]: shown };
      writeSheetColumns(next);
      return next;
    });
  }, []);
  return [columns, setColumn];
}
