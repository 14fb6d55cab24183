import type { Kysely } from 'kysely';
import { BACK_COUNTS, runDrops } from '#domain/collections/run-drops';
import { validateInput } from '#domain/collections/validate-input';
import type { Balance } from '#domain/ledger/balance';
import { driverBelowZeroNote } from '#domain/ledger/below-zero';
import type { BookingResult } from '#domain/ledger/booking';
import type { DeliveredMarksAnswer } from '#domain/runs/runs-api';
import type { Role } from '#domain/records';
import {
  isRunState,
  moveProblem,
  readStateLog,
  RUN_MOVE_ROLES,
  RUN_STATE_LABELS,
  type RunState,
  type RunStateStep,
} from '#domain/runs/run-states';
import type { AuthContext } from '../auth/auth-context';
import type { Database, UsersTable } from '../db/schema';
import { ApiError, badRequest, notFound, validationFailed } from '../errors';
import { lockRun, type LedgerService } from '../ledger/ledger-service';
import { refusedFields } from '../records/client-fields';
import { runDropsCollection } from '../records/collections/run-drops';
import { trolleyExportsCollection } from '../records/collections/trolley-exports';
import { parseJsonColumn, type ApiRecord } from '../records/record-mapping';
import { isUniqueViolation, type RecordService, type WriteBatch } from '../records/record-service';
import type { Row } from '../records/record-store';
import type { CustomerMailService } from '../mail/customer-mail-service';
import type { DeliveredMarksQuery, DropBody, MoveBody } from './run-schemas';

export interface RunLifecycleDeps {
  records: RecordService;
  db: Kysely<Database>;
  ledger: LedgerService;
  /** The server's clock. */
  now: () => Date;
  /** Told of each dispatch and drop once committed: the customers' delivery notices (docs/decisions/077). */
  customerMail?: Pick<CustomerMailService, 'dispatched' | 'dropRecorded'>;
}

/**
 * Who records a drop: a signed-in member (`userId`, `link` '') or a driver's link (`userId` '',
 * `link` its id, docs/decisions/044). The route that accepts the caller has checked it may.
 */
export interface DropActor {
  nursery: string;
  userId: string;
  link: string;
  /** How the run's log names them when their drop delivers the run. */
  name: string;
  /** The person, for the history of the records written; null for a link. */
  user: UsersTable | null;
}

export const actorOfUser = (user: UsersTable): DropActor => ({
  nursery: user.nursery,
  userId: user.id,
  link: '',
  name: user.name.trim() || user.username,
  user,
});

/** What a move answers: the run as it is now, and what dispatch booked (null for other moves). */
export interface MoveAnswer {
  run: ApiRecord;
  booking: BookingResult | null;
}

const NOT_DISPATCHED = (state: RunState) =>
  `Drops are recorded once a run is dispatched; this run is ${RUN_STATE_LABELS[state].toLowerCase()}.`;

/**
 * A run's life on the server (docs/decisions/042): its moves, each stamped with who and when, in
 * one transaction with what it does (dispatch books the run out in the ledger, once); and its
 * drops, each with its counts back booked as returns in the same transaction, the run delivered
 * when its last stop has one. A retried drop with the same client id answers the drop written.
 */
export class RunLifecycleService {
  constructor(private readonly deps: RunLifecycleDeps) {}

  async move(user: UsersTable, runId: string, body: MoveBody): Promise<MoveAnswer> {
    const to = body.state;
    if (!isRunState(to) || to === 'new')
      throw badRequest('Choose what the run does next: loading, dispatched, delivered or cancelled.', {
        state: { code: 'validation_invalid_value', message: 'Choose loading, dispatched, delivered or cancelled.' },
      });
    // A role's refusal is decided on the caller alone, before the run is looked up (docs/decisions/036).
    const role = user.role as Role;
    if (!RUN_MOVE_ROLES[to].includes(role)) throw new ApiError(403, moveProblem('new', to, role)?.message ?? '');
    const auth: AuthContext = { user };
    const answer = await this.deps.records.systemBatch(async (batch): Promise<MoveAnswer> => {
      await lockRun(batch, runId);
      const row = await this.runRow(batch.db, user.nursery, runId);
      const from = stateOf(row);
      // Pressed twice, or by two people at once: the second finds the run moved and does nothing.
      if (from === to) return { run: trolleyExportsCollection.toRecord(row), booking: null };
      const problem = moveProblem(from, to, role);
      if (problem) throw new ApiError(problem.status, problem.message);
      const booking = to === 'dispatched' ? await this.deps.ledger.bookIn(batch, user, runId, null) : null;
      const moved = await this.stepRun(batch, row, to, user.id, actorOfUser(user).name);
      return { run: trolleyExportsCollection.toRecord(moved), booking };
    }, auth);
    // Committed: the customers hear it is on its way, in the background (a dispatch pressed twice answers no booking, and sends nothing).
    if (to === 'dispatched' && answer.booking !== null) this.deps.customerMail?.dispatched(user.nursery, runId);
    return answer;
  }

  /**
   * Records what happened at one stop of a dispatched run. The counts back go into the ledger as
   * a return of the stop's customer (none when the stop has no customer: the drop is kept, the
   * office books the return by hand); the run becomes delivered when every stop has its drop.
   */
  async recordDrop(actor: DropActor, runId: string, given: DropBody): Promise<ApiRecord> {
    const refused = refusedFields(
      given,
      { fields: runDropsCollection.clientFields, known: runDropsCollection.shownFields, reasons: runDropsCollection.clientFieldReasons },
      null,
    );
    if (refused) throw validationFailed(refused.shown);
    if (given.nursery !== undefined && given.nursery !== actor.nursery)
      throw validationFailed({
        nursery: { code: 'validation_invalid_value', message: 'Records belong to your own nursery; another nursery cannot be named here.' },
      });
    if (given.run !== undefined && given.run !== runId)
      throw validationFailed({
        run: { code: 'validation_invalid_value', message: 'The drop names another run than the one it is sent to.' },
      });
    const read = validateInput(runDrops, { ...given, run: runId }, 'create');
    if (!read.ok) throw validationFailed(read.errors);
    const input = read.value;
    const clientId = input.clientId.trim();
    // Set when this call wrote the drop (not a retry answered with the drop written before).
    let written: string | null = null;
    try {
      const answer = await this.deps.records.systemBatch(
        async (batch) => {
          await lockRun(batch, runId);
          const row = await this.runRow(batch.db, actor.nursery, runId);
          // A retried send, read after the lock: a send of the same drop that held it is committed by now.
          const earlier = clientId !== '' ? await this.dropByClientId(batch.db, actor, runId, clientId) : null;
          if (earlier) return earlier;
          const state = stateOf(row);
          // A run the office marked delivered by hand still takes the drops a driver sends late.
          if (state !== 'dispatched' && state !== 'delivered') throw badRequest(NOT_DISPATCHED(state));
          const preview = await this.deps.ledger.previewIn(batch.db, actor, runId);
          const stop = preview.stops.find((item) => item.stop === input.stop);
          if (!stop)
            throw validationFailed({
              stop: { code: 'validation_invalid_value', message: 'This run has no such stop. Reload the run and try again.' },
            });
          const drops = await batch.db.selectFrom('run_drops').selectAll().where('run', '=', runId).execute();
          if (drops.some((drop) => drop.stop === input.stop))
            throw validationFailed({
              stop: { code: 'validation_not_unique', message: `The drop at ${stop.title || 'this stop'} was recorded already.` },
            });
          const recordedAt = input.recordedAt.trim() === '' ? this.deps.now().toISOString() : new Date(input.recordedAt).toISOString();
          const drop = await batch.insert('run_drops', {
            nursery: actor.nursery,
            run: runId,
            stop: input.stop,
            outcome: input.outcome,
            reason: input.outcome === 'not_delivered' ? input.reason.trim() : '',
            receivedBy: input.receivedBy.trim(),
            trolleysBack: input.trolleysBack,
            shelvesBack: input.shelvesBack,
            extensionsBack: input.extensionsBack,
            recordedAt,
            recordedBy: actor.userId,
            link: actor.link,
            clientId,
          });
          if (stop.customer !== '' && BACK_COUNTS.some(([field]) => input[field] > 0)) {
            const back: Balance = { trolleys: input.trolleysBack, shelves: input.shelvesBack, extensions: input.extensionsBack };
            // Booked whatever it leaves (a driver cannot confirm, and a drop is never lost); below
            // zero, the note says so for the office (docs/decisions/065).
            const held = await this.deps.ledger.heldLocked(batch, actor.nursery, stop.customer);
            const left: Balance = {
              trolleys: held.trolleys - back.trolleys,
              shelves: held.shelves - back.shelves,
              extensions: held.extensions - back.extensions,
            };
            await batch.insert('trolley_movements', {
              nursery: actor.nursery,
              customer: stop.customer,
              kind: 'in',
              reason: '',
              // The day of the run, as its booking out: the return belongs to the same delivery.
              date: preview.run.date !== '' ? preview.run.date : recordedAt.slice(0, 10),
              trolleys: input.trolleysBack,
              shelves: input.shelvesBack,
              extensions: input.extensionsBack,
              note: driverBelowZeroNote(preview.run.name, held, left).slice(0, 1000),
              recordedBy: actor.userId,
              run: runId,
              stop: input.stop,
              created_by: actor.userId,
              updated_by: '',
            });
          }
          const done = new Set([...drops.map((item) => item.stop), input.stop]);
          if (state === 'dispatched' && preview.stops.every((item) => done.has(item.stop)))
            await this.stepRun(batch, row, 'delivered', actor.userId !== '' ? actor.userId : `link:${actor.link}`, actor.name);
          written = String(drop.id);
          return runDropsCollection.toRecord(drop);
        },
        { user: actor.user },
      );
      // Committed: the customer's delivery note goes in the background.
      if (written !== null) this.deps.customerMail?.dropRecorded(actor.nursery, runId, written);
      return answer;
    } catch (error) {
      // Two sends of one drop at once: the database let one in; the other answers it.
      if (clientId !== '' && isUniqueViolation(error)) {
        const earlier = await this.dropByClientId(this.deps.db, actor, runId, clientId);
        if (earlier) return earlier;
      }
      if (isUniqueViolation(error))
        throw validationFailed({ stop: { code: 'validation_not_unique', message: 'The drop at this stop was recorded already.' } });
      throw error;
    }
  }

  /**
   * The board's delivered marks of one ISO week: each order of the week whose drop (the stop named
   * by the order's id) was delivered. One read joining the week's orders to their drops.
   */
  async deliveredMarks(user: UsersTable, { year, week }: DeliveredMarksQuery): Promise<DeliveredMarksAnswer> {
    const [y, w] = [Number(year), Number(week)];
    if (!Number.isInteger(y) || !Number.isInteger(w) || y < 0 || y > 9999 || w < 1 || w > 53)
      throw badRequest('Name the week as ?year=2026&week=48.');
    const rows = await this.deps.db
      .selectFrom('tasks as t')
      .innerJoin('run_drops as d', (join) => join.onRef('d.nursery', '=', 't.nursery').onRef('d.stop', '=', 't.id'))
      .select(['t.id as order', 'd.receivedBy', 'd.recordedAt'])
      .where('t.nursery', '=', user.nursery)
      .where('t.year', '=', y)
      .where('t.weekNumber', '=', w)
      .where('d.outcome', '=', 'delivered')
      .execute();
    return { items: rows.map((row) => ({ order: row.order, receivedBy: row.receivedBy, recordedAt: row.recordedAt })) };
  }

  private async runRow(db: Kysely<Database>, nursery: string, runId: string): Promise<Row> {
    const row = await db
      .selectFrom('trolley_exports')
      .selectAll()
      .where('id', '=', runId)
      .where('nursery', '=', nursery)
      .executeTakeFirst();
    // Another nursery's run is answered as one that does not exist (docs/decisions/036).
    if (!row || nursery === '') throw notFound();
    return row as unknown as Row;
  }

  private async stepRun(batch: WriteBatch, row: Row, state: RunState, by: string, name: string): Promise<Row> {
    const step: RunStateStep = { state, at: this.deps.now().toISOString(), by, name };
    const log = [...readStateLog(parseJsonColumn(row.stateLog, [])), step];
    return batch.update('trolley_exports', row, { state, stateLog: JSON.stringify(log) });
  }

  /**
   * The drop a client id wrote before, when the same sender wrote it for this run: the same
   * driver's link, or the same person (docs/decisions/054). A client id another sender used, or
   * one used for another run, is refused in the same words, so a link cannot reach (or add a
   * signature or photo to) a drop someone else recorded.
   */
  private async dropByClientId(db: Kysely<Database>, actor: DropActor, runId: string, clientId: string): Promise<ApiRecord | null> {
    const row = await db
      .selectFrom('run_drops')
      .selectAll()
      .where('nursery', '=', actor.nursery)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.run !== runId || row.link !== actor.link || row.recordedBy !== actor.userId)
      throw validationFailed({
        clientId: { code: 'validation_not_unique', message: 'This client id was sent with another drop. Send a new one.' },
      });
    return runDropsCollection.toRecord(row as unknown as Row);
  }
}

const stateOf = (row: Row): RunState => (isRunState(row.state) ? row.state : 'new');
