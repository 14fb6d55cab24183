import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { trolleyMovements } from '#domain/collections/trolley-movements';
import { COUNTS } from '#domain/ledger/balance';
import { countsInWords } from '#domain/ledger/count-words';
import type { TransferAnswer, TransferDeletedAnswer } from '#domain/ledger/ledger-api';
import { readTransfer, transferBelowZero, transferMovements, type Transfer } from '#domain/ledger/transfer';
import type { Database, UsersTable } from '../db/schema';
import { ApiError, validationFailed } from '../errors';
import type { Upload } from '../files/file-changes';
import { discardUnread, isMultipart, readMultipartBody } from '../files/multipart-body';
import type { UploadBudget } from '../files/upload-budget';
import { trolleyMovementsCollection } from '../records/collections/trolley-movements';
import { newRecordId } from '../records/ids';
import type { RecordService, WriteBatch } from '../records/record-service';
import type { Row } from '../records/record-store';
import type { LedgerService } from './ledger-service';

/** A transfer deleted already, or another nursery's (docs/decisions/036: answered as missing). */
export const TRANSFER_GONE =
  'This transfer is not in the ledger any more: it was deleted, or never was. Reload to see the ledger as it is.';

/** The docket's photo is sent as the movement's `attachments` part. */
const DOCKET_PART = 'attachments';

export interface TransferServiceDeps {
  records: RecordService;
  db: Kysely<Database>;
  ledger: LedgerService;
  uploads: UploadBudget;
}

/**
 * A haulier handing our trolleys on to a customer (docs/decisions/079): the haulier's `in` and the
 * customer's `out`, the same counts and day, sharing one transfer id and who received them, each
 * carrying the docket's photo — written in one transaction, both or neither. The haulier's balance
 * row is locked first (PostgreSQL), so two transfers at once cannot both take it below zero.
 */
export class TransferService {
  constructor(private readonly deps: TransferServiceDeps) {}

  /** The transfer a request sends: multipart with the docket's photo (a JSON body has none, and is refused for it). */
  async fromRequest(user: UsersTable, request: FastifyRequest, json: Record<string, unknown>): Promise<TransferAnswer> {
    if (!isMultipart(request)) return this.record(user, json, []);
    const share = this.deps.uploads.open();
    try {
      let read;
      try {
        read = await readMultipartBody(request, trolleyMovements, { mode: 'create', share });
      } catch (error) {
        discardUnread(request);
        throw error;
      }
      return await this.record(user, read.body, read.uploads);
    } finally {
      share.release();
    }
  }

  async record(user: UsersTable, body: Readonly<Record<string, unknown>>, uploads: readonly Upload[]): Promise<TransferAnswer> {
    const read = readTransfer(body);
    const errors = read.ok ? {} : { ...read.errors };
    const dockets = uploads.filter((upload) => upload.key === DOCKET_PART);
    if (dockets.length !== 1 || uploads.length !== 1)
      errors[DOCKET_PART] = {
        code: 'validation_required',
        message: 'Add one photo of the signed docket: it is the proof the customer received the trolleys.',
      };
    if (!read.ok || Object.keys(errors).length > 0) throw validationFailed(errors);
    const transfer = read.transfer;
    const transferId = newRecordId();
    const [haulierId, customerId] = [newRecordId(), newRecordId()];
    // The docket is stored on both movements, so either party's ledger shows it; a failed write takes both copies away.
    return this.deps.records.writeWithFiles('trolley_movements', haulierId, null, {}, dockets, ({ columns: haulierFiles }) =>
      this.deps.records.writeWithFiles('trolley_movements', customerId, null, {}, dockets, ({ columns: customerFiles }) =>
        this.deps.records.systemBatch(
          (batch) => this.write(batch, user, transfer, transferId, [haulierId, customerId], [haulierFiles, customerFiles]),
          { user },
        ),
      ),
    );
  }

  /**
   * Deletes a whole transfer (docs/decisions/079): both movements in one transaction, each to
   * Deleted with its history as any deleted movement, so neither party's balance is left with
   * half of it. The records API refuses deleting one half; this is the way to take one back.
   */
  async remove(user: UsersTable, transferId: string): Promise<TransferDeletedAnswer> {
    return this.deps.records.systemBatch(
      async (batch) => {
        const { rows: pair } = await batch.store.list('trolley_movements', {
          where: [sql<SqlBool>`${sql.ref('nursery')} = ${user.nursery}`, sql<SqlBool>`${sql.ref('transfer')} = ${transferId}`],
          sort: [],
          page: 1,
          perPage: 2,
          skipTotal: true,
        });
        const haulierHalf = pair.find((row) => row.kind === 'in');
        const customerHalf = pair.find((row) => row.kind === 'out');
        if (!haulierHalf || !customerHalf) throw new ApiError(404, TRANSFER_GONE);
        const names = new Map(
          (
            await batch.db
              .selectFrom('customers')
              .select(['id', 'name'])
              .where('nursery', '=', user.nursery)
              .where('id', 'in', [String(haulierHalf.customer), String(customerHalf.customer)])
              .execute()
          ).map((party) => [party.id, party.name]),
        );
        for (const row of pair) await batch.delete('trolley_movements', row);
        const moved = countsInWords(
          Object.fromEntries(COUNTS.map((count) => [count, Number(customerHalf[count])])) as Record<(typeof COUNTS)[number], number>,
        );
        const from = names.get(String(haulierHalf.customer)) ?? 'the haulier';
        const to = names.get(String(customerHalf.customer)) ?? 'the customer';
        return { message: `Deleted the transfer of ${moved} from ${from} to ${to}.` };
      },
      { user },
    );
  }

  private async write(
    batch: WriteBatch,
    user: UsersTable,
    transfer: Transfer,
    transferId: string,
    ids: readonly [string, string],
    files: readonly [Row, Row],
  ): Promise<TransferAnswer> {
    const parties = await batch.db
      .selectFrom('customers')
      .select(['id', 'name', 'kind'])
      .where('nursery', '=', user.nursery)
      .where('id', 'in', [transfer.haulier, transfer.customer])
      .execute();
    const haulier = parties.find((party) => party.id === transfer.haulier);
    const customer = parties.find((party) => party.id === transfer.customer);
    const errors: Record<string, { code: string; message: string }> = {};
    // Another nursery's party is answered as one that does not exist (docs/decisions/036).
    if (!haulier) errors.haulier = { code: 'validation_invalid_relation', message: 'There is no such haulier in your customer book.' };
    else if (haulier.kind !== 'haulier')
      errors.haulier = {
        code: 'validation_invalid_value',
        message: `${haulier.name} is a customer, not a haulier. Choose a haulier, or make ${haulier.name} one on the Customers screen.`,
      };
    if (!customer) errors.customer = { code: 'validation_invalid_relation', message: 'There is no such customer in your customer book.' };
    else if (customer.kind !== 'customer')
      errors.customer = {
        code: 'validation_invalid_value',
        message: `${customer.name} is a haulier: a haulier hands trolleys on to a customer.`,
      };
    if (Object.keys(errors).length > 0 || !haulier || !customer) throw validationFailed(errors);

    const held = await this.deps.ledger.heldLocked(batch, user.nursery, haulier.id);
    const belowZero = transferBelowZero(haulier.name, held, transfer);
    if (belowZero !== '' && !transfer.belowZero)
      throw new ApiError(400, belowZero, { belowZero: { code: 'validation_below_zero', message: belowZero } });

    const [haulierMove, customerMove] = transferMovements(transfer);
    const note = (words: string) => (transfer.note === '' ? words : `${words}. ${transfer.note}`).slice(0, 1000);
    const rows: Row[] = [];
    for (const [index, [move, words]] of (
      [
        [haulierMove, `Handed on to ${customer.name}`],
        [customerMove, `Handed on by ${haulier.name}`],
      ] as const
    ).entries())
      rows.push(
        await batch.insert('trolley_movements', {
          ...files[index],
          id: ids[index],
          nursery: user.nursery,
          customer: move.customer,
          kind: move.kind,
          reason: '',
          date: move.date,
          trolleys: move.trolleys,
          shelves: move.shelves,
          extensions: move.extensions,
          note: note(words),
          recordedBy: user.id,
          run: '',
          stop: '',
          transfer: transferId,
          receivedBy: transfer.receivedBy,
          created_by: user.id,
          updated_by: '',
        }),
      );
    const moved = countsInWords(
      Object.fromEntries(COUNTS.map((count) => [count, transfer[count]])) as Record<(typeof COUNTS)[number], number>,
    );
    return {
      transfer: transferId,
      movements: rows.map((row) => trolleyMovementsCollection.toRecord(row)),
      message: `Handed on: ${moved} from ${haulier.name} to ${customer.name}.`,
    };
  }
}
