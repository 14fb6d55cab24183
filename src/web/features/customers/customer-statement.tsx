import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { shortDate } from '#domain/ledger/iso-dates';
import { closingInWords } from '#domain/ledger/balance-words';
import { buildStatement, isStatementPeriod, movementLabel, signed, STATEMENT_PERIOD_PROBLEM } from '#domain/ledger/statement';
import { statementCsv, statementFileName } from '#domain/ledger/statement-csv';
import type { CustomerRecord } from '#domain/records';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/fields';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { downloadFile } from '../../lib/download-file';
import { localIsoDate, monthStart } from '../../lib/ledger/local-date';
import { customerMovementsQuery, mailStatement } from '../../lib/ledger/statement-queries';
import { loadPdfFonts } from '../../lib/pdf/load-pdf-fonts';
import { loadAppConfig } from '../../lib/use-app-config';
import { useCan } from '../../lib/use-role';

const cell = 'px-2 py-1.5 text-right tabular-nums';

/**
 * A customer's trolley statement for a chosen period (docs/decisions/040): opening balance, each
 * movement with the balance after it, closing balance; downloaded as a vector PDF in the pick
 * sheet's style (jsPDF and the font load only when asked) or as CSV. Every member may read it.
 */
export function CustomerStatement({ customer, onClose }: { customer: CustomerRecord | null; onClose: () => void }) {
  return (
    <Dialog open={customer !== null} onClose={onClose} title={customer ? `Statement: ${customer.name}` : 'Statement'} className="max-w-3xl">
      {customer && <StatementBody customer={customer} onClose={onClose} />}
    </Dialog>
  );
}

function StatementBody({ customer, onClose }: { customer: CustomerRecord; onClose: () => void }) {
  const today = localIsoDate(new Date());
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const valid = isStatementPeriod(from, to);
  const movements = useQuery({ ...customerMovementsQuery(customer.id, to), enabled: valid });
  const statement = useMemo(
    () => (movements.data && valid ? buildStatement(movements.data, from, to) : null),
    [movements.data, from, to, valid],
  );
  const [printing, setPrinting] = useState(false);
  const canMail = useCan('customers');
  const [mailing, setMailing] = useState(false);

  // The server draws the same PDF and sends it to the contacts who receive statements (docs/decisions/080).
  const mailPdf = async () => {
    setMailing(true);
    try {
      const answer = await mailStatement(customer.id, from, to);
      if (answer.notSent.length > 0) notify.error(answer.message);
      else notify.info(answer.message);
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setMailing(false);
    }
  };

  const downloadPdf = async () => {
    if (!statement) return;
    setPrinting(true);
    try {
      const [{ buildStatementPdf }, fonts, appUrl] = await Promise.all([
        import('#domain/pdf/statement-pdf'),
        loadPdfFonts(),
        loadAppConfig().then(
          (config) => config.appUrl,
          () => window.location.origin,
        ),
      ]);
      const bytes = buildStatementPdf({
        statement,
        customerName: customer.name,
        poolAccount: customer.poolAccount,
        nurseryName: '',
        today: new Date(),
        appUrl,
        fonts,
      });
      downloadFile(new Blob([bytes], { type: 'application/pdf' }), statementFileName(customer.name, from, to, 'pdf'));
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setPrinting(false);
    }
  };
  const downloadCsv = () => {
    if (!statement) return;
    downloadFile(
      new Blob([statementCsv(statement, customer.name)], { type: 'text/csv;charset=utf-8' }),
      statementFileName(customer.name, from, to, 'csv'),
    );
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <TextField label="From" type="date" name="statement-from" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" name="statement-to" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
      </div>
      {!valid && (
        <p role="alert" className="text-sm text-red-700">
          {STATEMENT_PERIOD_PROBLEM}
        </p>
      )}
      {movements.isPending && valid && <p className="text-sm text-slate-600">Loading the ledger...</p>}
      {movements.isError && (
        <p role="alert" className="text-sm text-red-700">
          The ledger could not be loaded. {describeError(movements.error)}
        </p>
      )}
      {statement && (
        <div className="max-h-[55vh] overflow-auto rounded-md border border-slate-200">
          <table aria-label="Statement" className="w-full text-sm">
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="px-2 py-1.5 text-left">Date</th>
                <th className="px-2 py-1.5 text-left">Movement</th>
                <th className={cell}>Trolleys</th>
                <th className={cell}>Shelves</th>
                <th className={cell}>Ext.</th>
                <th className={cell}>Held</th>
              </tr>
            </thead>
            <tbody>
              <tr className="font-semibold">
                <td className="px-2 py-1.5">{shortDate(statement.from)}</td>
                <td className="px-2 py-1.5" colSpan={4}>
                  Opening balance
                </td>
                <td className={cell}>{`${statement.opening.trolleys} / ${statement.opening.shelves} / ${statement.opening.extensions}`}</td>
              </tr>
              {statement.lines.map(({ movement, change, balance }) => (
                <tr key={movement.id} className="border-t border-slate-100">
                  <td className="px-2 py-1.5 whitespace-nowrap">{shortDate(movement.date)}</td>
                  <td className="px-2 py-1.5">
                    {movementLabel(movement)}
                    {movement.note && <span className="block text-xs text-slate-500">{movement.note}</span>}
                  </td>
                  <td className={cell}>{signed(change.trolleys)}</td>
                  <td className={cell}>{signed(change.shelves)}</td>
                  <td className={cell}>{signed(change.extensions)}</td>
                  <td className={cell}>{`${balance.trolleys} / ${balance.shelves} / ${balance.extensions}`}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-300 font-semibold">
                <td className="px-2 py-1.5">{shortDate(statement.to)}</td>
                <td className="px-2 py-1.5" colSpan={4}>
                  Closing balance
                </td>
                <td className={cell}>{`${statement.closing.trolleys} / ${statement.closing.shelves} / ${statement.closing.extensions}`}</td>
              </tr>
            </tbody>
          </table>
          {statement.lines.length === 0 && <p className="px-2 py-2 text-sm text-slate-600">No movements in this period.</p>}
        </div>
      )}
      {statement && <p className="text-sm text-slate-700">At the end of the period: {closingInWords(statement.closing)}.</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={() => void downloadPdf()} disabled={!statement || printing}>
          {printing ? 'Making the PDF...' : 'Download PDF'}
        </Button>
        <Button onClick={downloadCsv} disabled={!statement}>
          Download CSV
        </Button>
        {canMail && (
          <Button onClick={() => void mailPdf()} disabled={!statement || mailing}>
            {mailing ? 'Mailing...' : 'Mail statement'}
          </Button>
        )}
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
