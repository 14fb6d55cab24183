import { useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { parseCsv } from '#domain/csv/csv';
import { MAPPING_FIELDS, MAPPING_LABELS, suggestMapping, type ColumnMapping } from '#domain/ledger/pool-statement';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/fields';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { importPoolStatement, statementKeys, type PoolStatementRecord } from '../../lib/ledger/statement-queries';

interface Chosen {
  fileName: string;
  csv: string;
  headers: string[];
}

/** What the server or the browser refused, with the rows it could not read. */
interface Problem {
  message: string;
  rows: string[];
}

function problemOf(error: unknown): Problem {
  if (error instanceof ClientResponseError) {
    const rows = (error.response?.data as { rows?: { message?: string } } | undefined)?.rows?.message;
    return { message: error.message, rows: rows ? rows.split('\n') : [] };
  }
  return { message: describeError(error), rows: [] };
}

/**
 * Import a pool statement (office staff and admins, docs/decisions/040): choose the CSV, say once
 * which column holds what (prefilled from the nursery's last import, else guessed from the header
 * names), give the statement date, import. The server reads the file again and is the judge.
 */
export function PoolImport({
  remembered,
  onImported,
}: {
  remembered: ColumnMapping | null;
  onImported: (record: PoolStatementRecord) => void;
}) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [statementDate, setStatementDate] = useState('');
  const [periodFrom, setPeriodFrom] = useState('');
  const [periodTo, setPeriodTo] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    setProblem(null);
    setChosen(null);
    setMapping(null);
    if (!file) return;
    const csv = await file.text();
    const read = parseCsv(csv);
    if (!read.ok) {
      setProblem({ message: read.message, rows: [] });
      return;
    }
    setChosen({ fileName: file.name, csv, headers: read.headers });
    setMapping(suggestMapping(read.headers, remembered));
  };

  const submit = async () => {
    if (!chosen || !mapping) return;
    setBusy(true);
    setProblem(null);
    try {
      const record = await importPoolStatement({
        csv: chosen.csv,
        fileName: chosen.fileName,
        mapping,
        statementDate,
        periodFrom,
        periodTo,
      });
      await queryClient.invalidateQueries({ queryKey: statementKeys.poolStatements });
      notify.success(`Imported ${chosen.fileName}.`);
      setChosen(null);
      setMapping(null);
      onImported(record);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const options = [{ value: '', label: 'None' }, ...(chosen?.headers ?? []).map((header) => ({ value: header, label: header }))];

  return (
    <section aria-labelledby="pool-import-title" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h2 id="pool-import-title" className="font-semibold text-slate-900">
        Import a statement
      </h2>
      <label className="block text-sm font-medium text-slate-800">
        Pool statement CSV
        <input
          type="file"
          name="pool-csv"
          accept=".csv,text/csv"
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100 md:file:min-h-8"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </label>
      {chosen && mapping && (
        <>
          <p className="text-sm text-slate-600">
            Which column of {chosen.fileName} holds what? Your choice is remembered for the next import.
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            {MAPPING_FIELDS.map((field) => (
              <SelectField
                key={field}
                label={`${MAPPING_LABELS[field]} column`}
                name={`map-${field}`}
                options={options}
                value={mapping[field]}
                onChange={(e) => setMapping({ ...mapping, [field]: e.target.value })}
              />
            ))}
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Statement date"
              type="date"
              name="statement-date"
              hint={mapping.date ? 'Leave empty to use the latest date in the file.' : undefined}
              value={statementDate}
              onChange={(e) => setStatementDate(e.target.value)}
            />
            <TextField
              label="Period from"
              type="date"
              name="period-from"
              value={periodFrom}
              onChange={(e) => setPeriodFrom(e.target.value)}
            />
            <TextField label="Period to" type="date" name="period-to" value={periodTo} onChange={(e) => setPeriodTo(e.target.value)} />
          </div>
          <Button variant="primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Importing...' : 'Import statement'}
          </Button>
        </>
      )}
      {problem && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{problem.message}</p>
          {problem.rows.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {problem.rows.map((row) => (
                <li key={row}>{row}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
