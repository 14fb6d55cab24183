// The driver's link (docs/decisions/044): a link scoped to one run that a driver opens from the
// run sheet's QR code or types from its short address, with no account. Pure and without
// imports from the server: the web app's driver page and Runs read these shapes too.
import type { DropReport, RunDropRecord } from '../collections/run-drops';
import { owedInWords } from '../ledger/balance-words';
import { dayAndMonth } from '../ledger/iso-dates';

/** How long a new link works (docs/decisions/044): the run's day and a spare day either side. */
export const DRIVER_LINK_DAYS = 3;

/** The header the driver page sends the link's secret in, on every driver request. */
export const DRIVER_LINK_HEADER = 'x-driver-link';

/**
 * The short code's letters: no 0/O, 1/I/L, so a code read off paper is typed right. Eight of them
 * (31^8, about 8.5 * 10^11 codes) with a throttle on wrong codes cannot be guessed.
 */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 8;

export const DRIVER_API = {
  /** GET the run's links, POST a new one (office and admins). */
  runLinks: (runId: string) => `/api/trolleyboard/runs/${encodeURIComponent(runId)}/driver-links`,
  runLinksRoute: '/api/trolleyboard/runs/:run/driver-links',
  /** POST: revoke a link (office and admins). */
  revoke: (linkId: string) => `/api/trolleyboard/driver-links/${encodeURIComponent(linkId)}/revoke`,
  revokeRoute: '/api/trolleyboard/driver-links/:id/revoke',
  /** POST `{code}` (the short code or the QR's secret): the link's secret for the driver requests. */
  open: '/api/trolleyboard/driver/open',
  /** GET: the link's run and its drops (header DRIVER_LINK_HEADER). */
  run: '/api/trolleyboard/driver/run',
  /** POST (JSON or multipart with `signature` and `photo`): record one drop of the link's run. */
  drops: '/api/trolleyboard/driver/drops',
} as const;

/** Where the driver page lives in the app: `/d/ABCD-2345` (short) or `/d/<secret>` (the QR's). */
export const DRIVER_PAGE_PREFIX = '/d/';

export const DRIVER_LINK_EXPIRED = "This driver's link has expired. Ask the office for a new one.";
export const DRIVER_LINK_REVOKED = "This driver's link was cancelled by the office. Ask the office for a new one.";
export const DRIVER_LINK_UNKNOWN = "This driver's link is not known. Check the address on the run sheet, or ask the office for a new one.";
export const DRIVER_LINK_THROTTLED =
  'Too many wrong codes from this network. Please wait 15 minutes, or scan the QR code on the run sheet.';

/** A short code as people write it: upper case, in two groups of four (`ABCD-2345`). */
export function formatShortCode(code: string): string {
  const plain = normaliseShortCode(code) ?? code;
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}

/**
 * A typed short code without spaces, dashes and case (`abcd 2345` → `ABCD2345`), or null when it
 * cannot be one (wrong length or a letter the codes never use).
 */
export function normaliseShortCode(typed: string): string | null {
  const plain = typed.replace(/[\s-]/g, '').toUpperCase();
  if (plain.length !== SHORT_CODE_LENGTH) return null;
  for (const letter of plain) if (!SHORT_CODE_ALPHABET.includes(letter)) return null;
  return plain;
}

/** A link as office staff see it on Runs. */
export interface DriverLinkView {
  id: string;
  run: string;
  /** `ABCD-2345`. */
  code: string;
  /** The short address, `{appUrl}/d/ABCD-2345`. */
  shortUrl: string;
  /** The QR code's address, `{appUrl}/d/<secret>`. */
  url: string;
  expires: string;
  revokedAt: string;
  createdBy: string;
  created: string;
  /** Neither revoked nor expired. */
  active: boolean;
}

export interface DriverLinksAnswer {
  items: DriverLinkView[];
}

/** What opening a link answers: the secret the page sends with every request, and until when. */
export interface DriverOpenAnswer {
  token: string;
  expires: string;
  run: string;
}

/** Counts of trolleys, shelves and extensions. */
export interface DriverCounts {
  trolleys: number;
  shelves: number;
  extensions: number;
}

/** One drop of the run, as the driver sees it. */
export interface DriverStop {
  /** The stop's key in the ledger and in `run_drops.stop`: its order's id, or `#3`. */
  stop: string;
  /** 1 for the first drop. */
  drop: number;
  title: string;
  postcode: string;
  orderNumber: string;
  trollies: string;
  extras: string;
  /** What to leave: what dispatch booked out for the stop, else the run's trolleys. */
  leave: DriverCounts;
  /** The order's notes, when the stop's order is still on the board. */
  notes: string;
  /**
   * What the stop's customer holds of ours apart from this run (its balance without this run's
   * movements), so the driver knows which empties to collect; null when the stop has no customer.
   * `since` is the first day of the unbroken run of days it has held some (`owedSince`).
   */
  holds: DriverHolding | null;
}

/** What a customer holds of the nursery's, and since when (docs/decisions/079). */
export interface DriverHolding extends DriverCounts {
  /** yyyy-mm-dd; '' when it holds nothing. */
  since: string;
}

/**
 * "Has 7 trolleys, 2 shelves of ours since 3 Nov" (the year only when it is not `thisYear`), or
 * "Has nothing of ours" — below zero counts are the office's to sort out, not the driver's.
 */
export function holdingInWords(holds: DriverHolding, thisYear: number): string {
  const owed = owedInWords(holds);
  if (owed === '') return 'Has nothing of ours';
  return holds.since === '' ? `Has ${owed} of ours` : `Has ${owed} of ours since ${dayAndMonth(holds.since, thisYear)}`;
}

/** A drop already recorded. */
export type DriverDrop = DropReport & Pick<RunDropRecord, 'id' | 'recordedAt' | 'clientId' | 'signature' | 'photo'>;

export interface DriverRunAnswer {
  nursery: string;
  expires: string;
  run: {
    id: string;
    name: string;
    date: string;
    driver: string;
    reg: string;
    vehicleType: string;
    state: string;
  };
  stops: DriverStop[];
  drops: DriverDrop[];
}

/** Google Maps opens the phone's maps app on Android and iOS alike; `geo:` does nothing on an iPhone. */
export function mapsUrl(postcode: string): string {
  return `https://maps.google.com/?q=${encodeURIComponent(postcode.trim())}`;
}
