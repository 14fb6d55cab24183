import { FileUp } from 'lucide-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import type { ImportPreview, ImportResult } from '#domain/csv/csv-import';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { notify } from './ui/toast';
import { describeError } from '../lib/describe-error';
import { pb } from '../lib/pb';

// Importing records from a CSV file (docs/decisions/049), shared by the board's orders and the
// Customers screen: the server reads and checks every row first (the preview writes nothing); the
// person then imports all of them, or only the valid ones. Problems come second in each row, so a
// phone shows them without scrolling sideways.

/** Buttons a gloved thumb can hit on a touch screen, whatever the screen's width. */
const TOUCH = 'pointer-coarse:min-h-11';

const rows = (n: number) => (n === 1 ? '1 row' : `${n} rows`);

/** A column of the preview after Row and Problems: its heading and what a valid row shows in it. */
export interface PreviewColumn {
  heading: string;
  cell: (values: Record<string, unknown>) => ReactNode;
  numeric?: boolean;
}

/** A field's value as text, a dash when blank. */
export function shown(value: unknown): string {
  return value === undefined || value === null || value === '' ? '—' : String(value);
}

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'failed'; fileName: string; message: string }
  | { kind: 'preview'; fileName: string; csv: string; preview: ImportPreview }
  | { kind: 'done'; message: string; next: ReactNode };

function PreviewTable({ preview, columns }: { preview: ImportPreview; columns: readonly PreviewColumn[] }) {
  return (
    <div className="max-h-[45vh] overflow-auto rounded-md border border-slate-200" aria-label="Rows of the file">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <thead className="sticky top-0 bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-1.5">
              Row
            </th>
            <th scope="col" className="min-w-48 px-2 py-1.5">
              Problems
            </th>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className="px-2 py-1.5">
                {column.heading}
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
              {columns.map((column) => (
                <td key={column.heading} className={`px-2 py-1.5 ${column.numeric ? 'tabular-nums' : ''}`}>
                  {row.values ? column.cell(row.values) : '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface Props {
  title: string;
  description: string;
  /** The file input's name, e.g. "CSV file of orders". */
  fileLabel: string;
  /** The import's preview and import routes. */
  api: { preview: string; import: string };
  /** "1 order", "3 orders": what the records are called. */
  count: (n: number) => string;
  columns: readonly PreviewColumn[];
  /** After a successful import, before the dialog closes. */
  onImported?: (result: ImportResult) => void;
  /**
   * What comes next after a successful import (the orders' "Link these orders to customers",
   * docs/decisions/066): when it answers something, the dialog stays open on a last step showing
   * it, rather than closing.
   */
  nextStep?: (result: ImportResult) => ReactNode;
  onClose: () => void;
}

export function ImportCsvDialog({ title, description, fileLabel, api, count, columns, onImported, nextStep, onClose }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [isDragging, setIsDragging] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = async (file: File) => {
    setError(null);
    setStep({ kind: 'reading', fileName: file.name });
    try {
      const csv = await file.text();
      const preview = await pb.send<ImportPreview>(api.preview, { method: 'POST', body: { csv } });
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
      const result = await pb.send<ImportResult>(api.import, { method: 'POST', body: { csv: step.csv, onlyValid } });
      const left = result.skipped.length > 0 ? `; ${rows(result.skipped.length)} with problems left out` : '';
      const message = `${count(result.created)} imported${left}.`;
      notify.success(message);
      onImported?.(result);
      const next = nextStep?.(result);
      if (next === undefined || next === null || next === false) return onClose();
      setStep({ kind: 'done', message, next });
      setIsBusy(false);
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
  if (step.kind === 'done')
    return (
      <Dialog open onClose={onClose} title={title} className="sm:max-w-3xl">
        <div className="space-y-4">
          <p role="status" className="font-semibold text-slate-900">
            {step.message}
          </p>
          {step.next}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" className={TOUCH} onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      </Dialog>
    );
  return (
    <Dialog open onClose={() => !isBusy && onClose()} title={title} description={description} className="sm:max-w-3xl">
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
            aria-label={fileLabel}
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
            <PreviewTable preview={preview} columns={columns} />
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
              {isBusy ? 'Importing...' : `Import ${count(preview.rows.length)}`}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
