import { FileDown } from './ui/board-icons';
import { buttonClass } from './ui/button';
import { notify } from './ui/toast';
import { downloadFile } from '../lib/download-file';

/** The CSV exports (`#domain/csv/exports`), loaded when a button is pressed, never with the screen. */
export type CsvExports = typeof import('#domain/csv/exports');

interface Props {
  /** What the button says, e.g. "Export CSV". */
  label?: string;
  /** Makes the file: its CSV text and its name, from the exports module once it has loaded. */
  make: (exports: CsvExports) => { text: string; fileName: string } | null;
  disabled?: boolean;
  className?: string;
}

/**
 * "Export CSV": hands the person a spreadsheet file of what the screen shows (docs/decisions/049).
 * The CSV code loads on the first press, so no screen's first paint carries it.
 */
export function ExportCsvButton({ label = 'Export CSV', make, disabled = false, className }: Props) {
  const exportFile = async () => {
    try {
      const file = make(await import('#domain/csv/exports'));
      if (file) downloadFile(new Blob([file.text], { type: 'text/csv;charset=utf-8' }), file.fileName);
    } catch {
      notify.error('The CSV file could not be made. Please try again.');
    }
  };
  return (
    <button
      type="button"
      className={className ?? buttonClass({ variant: 'secondary', size: 'sm' })}
      disabled={disabled}
      onClick={() => void exportFile()}
    >
      <FileDown className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
}
