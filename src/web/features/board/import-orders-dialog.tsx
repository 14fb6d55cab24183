import { FileUp } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { ORDERS_IMPORT_API, type ImportedOrderRow, type OrderImportPreview, type OrderImportResult } from '#domain/csv/order-import';
import { dayLabel } from '#domain/orders/format';
import { isDay } from '#domain/orders/order-lists';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';

// Importing orders from a CSV file (docs/decisions/049): the server reads and checks every row
// first (the preview writes nothing); the person then imports all of them, or only the valid
// ones. Problems come second in each row, so a phone shows them without scrolling sideways.
// The new orders reach the board through realtime, as any other write does.

/** Buttons a gloved thumb can hit on a touch screen, whatever the screen's width. */
const TOUCH = 'pointer-coarse:min-h-11';

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);
const rows = (n: number) => (n === 1 ? '1 row' : `${n} rows`);

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'failed'; fileName: string; message: string }
  | { kind: 'preview'; fileName: string; csv: string; preview: OrderImportPreview };

function cell(row: ImportedOrderRow, field: string): string {
  const value = row.order?.[field];
  return value === undefined || value === null || value === '' ? '—' : String(value);
}

/** Problems second: a phone shows them without scrolling sideways. */
const HEADINGS = ['Row', 'Problems', 'Customer', 'Day', 'Week', 'Trolleys'] as const;

function PreviewTable({ preview }: { preview: OrderImportPreview }) {
  return (
    <div className="max-h-[45vh] overflow-auto rounded-md border border-slate-200" aria-label="Rows of the file">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <thead className="sticky top-0 bg-slate-100 text-slate-700">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className={`px-2 py-1.5 ${heading === 'Problems' ? 'min-w-48' : ''}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row} className={`border-t border-slate-200 ${row.problems.length > 0 ? 'bg-red-50' : ''}`}>
              <td className="px-2 py-1.5 tabular-nums">{row.row}</td>
              <td className="px-2 py-1.5 text-red-800">
                {row.problems.length > 0 ? row.problems.join(' ') : <span className="text-emerald-700">Ready</span>}
              </td>
              <td className="px-2 py-1.5">{cell(row, 'title')}</td>
              <td className="px-2 py-1.5">{typeof row.order?.day === 'string' && isDay(row.order.day) ? dayLabel(row.order.day) : '—'}</td>
              <td className="px-2 py-1.5 tabular-nums">{row.order ? `${cell(row, 'weekNumber')} / ${cell(row, 'year')}` : '—'}</td>
              <td className="px-2 py-1.5 tabular-nums">{cell(row, 'trollies')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportOrdersDialog({ week, onClose }: { week: number; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [isDragging, setIsDragging] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = async (file: File) => {
    setError(null);
    setStep({ kind: 'reading', fileName: file.name });
    try {
      const csv = await file.text();
      const preview = await pb.send<OrderImportPreview>(ORDERS_IMPORT_API.preview, { method: 'POST', body: { csv } });
      setStep({ kind: 'preview', fileName: file.name, csv, preview });
    } catch (err) {
      setStep({ kind: 'failed', fileName: file.name, message: describeError(err, 'The file could not be read. Please try again.') });
    }
  };

  const importRows = async (onlyValid: boolean) => {
    if (step.kind !== 'preview' || isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      const result = await pb.send<OrderImportResult>(ORDERS_IMPORT_API.import, { method: 'POST', body: { csv: step.csv, onlyValid } });
      const left = result.skipped.length > 0 ? `; ${rows(result.skipped.length)} with problems left out` : '';
      notify.success(`${orders(result.created)} imported${left}.`);
      onClose();
    } catch (err) {
      setError(describeError(err));
      setIsBusy(false);
    }
  };

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer?.files[0];
    if (file) void read(file);
  };

  const preview = step.kind === 'preview' ? step.preview : null;
  return (
    <Dialog
      open
      onClose={() => !isBusy && onClose()}
      title="Import orders from CSV"
      description={`Orders go into the weeks the file names (an exported week, such as week ${week}, names its own). Nothing is written until you choose Import.`}
      className="sm:max-w-3xl"
    >
      <div className="space-y-4">
        <label
          className={`flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed px-3 py-4 text-center text-sm ${isDragging ? 'border-emerald-600 bg-emerald-50' : 'border-slate-300 bg-slate-50'}`}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={drop}
        >
          <FileUp className="size-6 text-slate-600" aria-hidden="true" />
          <span className="font-medium text-slate-900">{step.kind === 'choose' ? 'Choose a CSV file' : step.fileName}</span>
          <span className="text-slate-600">{step.kind === 'choose' ? 'or drop it here' : 'Choose another file, or drop it here'}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file of orders"
            className="sr-only"
            disabled={isBusy}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void read(file);
              event.currentTarget.value = '';
            }}
          />
        </label>
        {step.kind === 'reading' && <p className="text-sm text-slate-600">Checking every row...</p>}
        {step.kind === 'failed' && (
          <p role="alert" className="text-sm text-red-800">
            {step.message}
          </p>
        )}
        {preview && (
          <>
            <p className="font-semibold text-slate-900" role="status">
              {preview.invalid === 0 ? `${rows(preview.valid)} ready.` : `${rows(preview.valid)} ready, ${preview.invalid} with problems.`}
            </p>
            <PreviewTable preview={preview} />
          </>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="secondary" className={TOUCH} onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          {preview && preview.invalid > 0 && preview.valid > 0 && (
            <Button variant="secondary" className={TOUCH} disabled={isBusy} onClick={() => void importRows(true)}>
              Import only the {preview.valid} valid {preview.valid === 1 ? 'row' : 'rows'}
            </Button>
          )}
          {preview && (
            <Button
              variant="primary"
              className={TOUCH}
              disabled={isBusy || preview.invalid > 0 || preview.valid === 0}
              onClick={() => void importRows(false)}
            >
              {isBusy ? 'Importing...' : `Import ${orders(preview.rows.length)}`}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
