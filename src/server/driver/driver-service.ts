import type { Kysely } from 'kysely';
import {
  DRIVER_LINK_DAYS,
  DRIVER_LINK_EXPIRED,
  DRIVER_LINK_REVOKED,
  DRIVER_LINK_THROTTLED,
  DRIVER_LINK_UNKNOWN,
  DRIVER_PAGE_PREFIX,
  formatShortCode,
  normaliseShortCode,
  type DriverLinkView,
  type DriverOpenAnswer,
  type DriverRunAnswer,
  type DriverHolding,
  type DriverStop,
} from '#domain/driver/driver-link';
import { balanceOf, owedSince, type MovementCounts } from '#domain/ledger/balance';
import { countsOfStop, stopKey } from '#domain/ledger/booking';
import type { RunStop } from '#domain/records';
import type { Throttles } from '../auth/throttles';
import type { Database, DriverLinksTable, UsersTable } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newRecordId } from '../records/ids';
import { runDropsCollection } from '../records/collections/run-drops';
import type { Row } from '../records/record-store';
import { driverDropOf } from './driver-drops';
import { credentialHash } from '../scoped-links/scoped-link-codes';
import { ScopedLinks } from '../scoped-links/scoped-links';
import { linkCredentials } from './driver-link-codes';

export interface DriverServiceDeps {
  db: Kysely<Database>;
  throttles: Throttles;
  tokenSecret: string;
  appUrl: string;
  now: () => Date;
}

/** The link a driver request came with, checked: known, not revoked, not expired. */
export type DriverLink = DriverLinksTable;

/**
 * The driver's links (docs/decisions/044): office staff make and revoke them for a run; a driver
 * opens one with its short code or the QR's secret and may then read that run and record its
 * drops, nothing else (the driver routes take a link, never a user).
 */
export class DriverService {
  private readonly links: ScopedLinks<DriverLinksTable>;

  constructor(private readonly deps: DriverServiceDeps) {
    this.links = new ScopedLinks(deps, {
      table: 'driver_links',
      scope: 'run',
      purpose: 'driver-link',
      days: DRIVER_LINK_DAYS,
      throttleKey: 'driver-code',
      revoked: DRIVER_LINK_REVOKED,
      expired: DRIVER_LINK_EXPIRED,
      throttled: DRIVER_LINK_THROTTLED,
    });
  }

  async create(user: UsersTable, runId: string): Promise<DriverLinkView> {
    await this.runOf(user.nursery, runId);
    // A short code clashing with another link's is astronomically rare; a new id gives a new code.
    for (let attempt = 0; ; attempt++) {
      const id = newRecordId();
      const codeHash = credentialHash(linkCredentials(this.deps.tokenSecret, id).code);
      const clash = await this.deps.db.selectFrom('driver_links').select('id').where('codeHash', '=', codeHash).executeTakeFirst();
      if (clash && attempt < 5) continue;
      return this.view(await this.links.insert({ ...this.links.fresh(user.nursery, user.id, id), run: runId, codeHash }));
    }
  }

  /** The run's links, newest first. */
  async list(user: UsersTable, runId: string): Promise<DriverLinkView[]> {
    await this.runOf(user.nursery, runId);
    return (await this.links.list(user.nursery, runId)).map((row) => this.view(row));
  }

  /** Revokes a link of the caller's nursery; revoking it again changes nothing. */
  async revoke(user: UsersTable, linkId: string): Promise<DriverLinkView> {
    return this.view(await this.links.revoke(user, linkId));
  }

  /**
   * Opens a link by its short code (typed from the run sheet) or its QR secret: answers the
   * secret the driver page sends with every request. Wrong codes are counted per address, so
   * codes cannot be tried one after another.
   */
  async open(ip: string, typed: unknown): Promise<DriverOpenAnswer> {
    const text = typeof typed === 'string' ? typed.trim().slice(0, 200) : '';
    const shortCode = normaliseShortCode(text);
    const row = await this.links.throttled(ip, () =>
      shortCode
        ? this.deps.db.selectFrom('driver_links').selectAll().where('codeHash', '=', credentialHash(shortCode)).executeTakeFirst()
        : this.links.bySecret(text),
    );
    if (!row) throw new ApiError(401, DRIVER_LINK_UNKNOWN);
    this.links.assertUsable(row);
    return { token: linkCredentials(this.deps.tokenSecret, row.id).secret, expires: row.expires, run: row.run };
  }

  /** The link a driver request's secret belongs to, if it still works; else the sentence why not. */
  async linkOf(secret: unknown): Promise<DriverLink> {
    const row = await this.links.bySecret(secret);
    if (!row) throw new ApiError(401, DRIVER_LINK_UNKNOWN);
    this.links.assertUsable(row);
    return row;
  }

  /** The link's run as the driver sees it: its drops in drop order (first drop first) and what is recorded. */
  async run(link: DriverLink): Promise<DriverRunAnswer> {
    const run = await this.deps.db
      .selectFrom('trolley_exports')
      .selectAll()
      .where('id', '=', link.run)
      .where('nursery', '=', link.nursery)
      .executeTakeFirst();
    // The run was deleted since: the link opens nothing.
    if (!run) throw notFound();
    const nursery = await this.deps.db.selectFrom('nurseries').select('name').where('id', '=', link.nursery).executeTakeFirst();
    const stops = parseList<RunStop>(run.data);
    const vehicle = parseObject(run.vehicleInfo);
    const orderIds = [...new Set(stops.map((stop) => stop.id).filter((id) => id !== ''))];
    const orders = orderIds.length
      ? await this.deps.db
          .selectFrom('tasks')
          .select(['id', 'orderInfo', 'customer'])
          .where('nursery', '=', link.nursery)
          .where('id', 'in', orderIds)
          .execute()
      : [];
    const notesOf = new Map(orders.map((order) => [order.id, order.orderInfo]));
    const customerOf = new Map(orders.map((order) => [order.id, order.customer]));
    const holdings = await this.holdingsApartFrom(link, [...new Set(orders.map((order) => order.customer).filter((id) => id !== ''))]);
    const bookedOut = await this.deps.db
      .selectFrom('trolley_movements')
      .select(['stop', 'trolleys', 'shelves', 'extensions'])
      .where('nursery', '=', link.nursery)
      .where('run', '=', link.run)
      .where('kind', '=', 'out')
      .execute();
    const outOf = new Map(
      bookedOut.map((m) => [m.stop, { trolleys: Number(m.trolleys), shelves: Number(m.shelves), extensions: Number(m.extensions) }]),
    );
    const dropRows = await this.deps.db
      .selectFrom('run_drops')
      .selectAll()
      .where('nursery', '=', link.nursery)
      .where('run', '=', link.run)
      .orderBy('recordedAt')
      .execute();
    // A drop's client id is what a resend names (docs/decisions/054): a link sees only its own.
    const drops = dropRows.map((row) => {
      const drop = driverDropOf(runDropsCollection.toRecord(row as unknown as Row));
      return row.link === link.id ? drop : { ...drop, clientId: '' };
    });
    const seen = new Set<string>();
    const driverStops: DriverStop[] = [];
    stops.forEach((stop, index) => {
      const key = stopKey(stop, index);
      if (seen.has(key)) return;
      seen.add(key);
      driverStops.push({
        stop: key,
        drop: driverStops.length + 1,
        title: stop.title ?? '',
        postcode: stop.postcode ?? '',
        orderNumber: stop.orderNumber ?? '',
        trollies: stop.trollies ?? '',
        extras: stop.extras ?? '',
        leave: outOf.get(key) ?? countsOfStop({ trollies: stop.trollies ?? '', extras: stop.extras ?? '' }),
        notes: notesOf.get(stop.id) ?? '',
        holds: holdings.get(customerOf.get(stop.id) ?? '') ?? null,
      });
    });
    return {
      nursery: nursery?.name ?? '',
      expires: link.expires,
      run: {
        id: run.id,
        name: run.name,
        date: String(vehicle.date ?? ''),
        driver: String(vehicle.driver ?? ''),
        reg: String(vehicle.reg ?? ''),
        vehicleType: String(vehicle.vehicleType ?? ''),
        state: String((run as Record<string, unknown>).state ?? ''),
      },
      stops: driverStops,
      drops,
    };
  }

  /**
   * What each customer holds of ours apart from the link's run, and since when (docs/decisions/079):
   * its movements without this run's, so what this run leaves and collects never changes what the
   * driver is told to look for. Customers no longer in the book are left out.
   */
  private async holdingsApartFrom(link: DriverLink, customerIds: readonly string[]): Promise<Map<string, DriverHolding>> {
    if (customerIds.length === 0) return new Map();
    const [known, movements] = await Promise.all([
      this.deps.db.selectFrom('customers').select('id').where('nursery', '=', link.nursery).where('id', 'in', customerIds).execute(),
      this.deps.db
        .selectFrom('trolley_movements')
        .select(['customer', 'kind', 'date', 'trolleys', 'shelves', 'extensions'])
        .where('nursery', '=', link.nursery)
        .where('customer', 'in', customerIds)
        .where('run', '<>', link.run)
        .execute(),
    ]);
    const byCustomer = new Map<string, MovementCounts[]>(known.map((customer) => [customer.id, []]));
    for (const movement of movements)
      byCustomer.get(movement.customer)?.push({
        kind: movement.kind,
        date: movement.date,
        trolleys: Number(movement.trolleys),
        shelves: Number(movement.shelves),
        extensions: Number(movement.extensions),
      });
    return new Map([...byCustomer].map(([customer, list]) => [customer, { ...balanceOf(list), since: owedSince(list) }]));
  }

  private async runOf(nursery: string, runId: string): Promise<void> {
    const run = await this.deps.db
      .selectFrom('trolley_exports')
      .select('id')
      .where('id', '=', runId)
      .where('nursery', '=', nursery)
      .executeTakeFirst();
    if (!run || nursery === '') throw notFound();
  }

  private view(row: DriverLinksTable): DriverLinkView {
    const { code, secret } = linkCredentials(this.deps.tokenSecret, row.id);
    const base = this.deps.appUrl.replace(/\/+$/, '');
    return {
      id: row.id,
      run: row.run,
      code: formatShortCode(code),
      shortUrl: `${base}${DRIVER_PAGE_PREFIX}${formatShortCode(code)}`,
      url: `${base}${DRIVER_PAGE_PREFIX}${secret}`,
      expires: row.expires,
      revokedAt: row.revokedAt,
      createdBy: row.createdBy,
      created: row.created,
      active: this.links.isActive(row),
    };
  }
}

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
