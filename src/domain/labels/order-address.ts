// An order's address in the app, as a trolley label's QR code holds it (docs/decisions/041), and
// what a scanned code means when read back (docs/decisions/045).

/** A record id as the server makes them (PocketBase's: 15 lower-case letters and digits). */
const ORDER_ID = /^[a-z0-9]{15}$/;

/** The public settings that decide the labels' address: GET /api/app-config's answer. */
export interface AddressConfig {
  appUrl: string;
  appUrlConfigured: boolean;
}

/**
 * Where printed QR codes point: the operator's APP_URL when one is set, so a label printed on the
 * office laptop at http://localhost:8090 still opens on a phone on the yard Wi-Fi; else the page's
 * own origin (the default APP_URL is a loopback address, which no phone can open either).
 */
export function labelOrigin(config: AddressConfig | undefined, pageOrigin: string): string {
  return config?.appUrlConfigured ? config.appUrl.replace(/\/+$/, '') : pageOrigin;
}

/** `{origin}/edit/{id}`: the order's edit screen, which a label's QR code opens. */
export function orderAddress(origin: string, orderId: string): string {
  return `${origin}/edit/${encodeURIComponent(orderId)}`;
}

export type ScannedCode = { kind: 'order'; orderId: string } | { kind: 'other' };

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * What a decoded QR code means: an order of this app when it is `{origin}/edit/{id}` on one of
 * the app's own origins (`knownOrigins`: the page's and APP_URL) or on a loopback address (labels
 * printed on the office machine before APP_URL was set, or without it, name localhost); anything
 * else (another site, a pick sheet's text, a parcel's barcode) is `other`. Whether the id is an
 * order of the signed-in nursery is for the server to say.
 */
export function readScannedCode(text: string, knownOrigins: readonly string[]): ScannedCode {
  const address = parseAddress(text.trim());
  if (!address) return { kind: 'other' };
  const origins = new Set(knownOrigins.map((origin) => parseAddress(origin.trim())?.origin));
  if (!origins.has(address.origin) && !LOOPBACK_HOSTS.test(address.hostname)) return { kind: 'other' };
  // An id never needs escaping, so an escaped one is no id of ours.
  const orderId = /^\/edit\/([^/]+)\/?$/.exec(address.path)?.[1] ?? '';
  return ORDER_ID.test(orderId) ? { kind: 'order', orderId } : { kind: 'other' };
}

// The domain runs without the DOM's URL class: an http(s) address taken apart by hand. No user
// info (`user@host`) is accepted: a label never has one, and it could disguise the host.
const ADDRESS = /^(https?):\/\/([^/?#@\s]+)(\/[^?#\s]*)?(?:[?#]\S*)?$/i;
const DEFAULT_PORT: Record<string, string> = { http: ':80', https: ':443' };

function parseAddress(text: string): { origin: string; hostname: string; path: string } | null {
  const match = ADDRESS.exec(text);
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase().replace(new RegExp(`${DEFAULT_PORT[scheme]}$`), '');
  return { origin: `${scheme}://${host}`, hostname: host.replace(/:\d+$/, ''), path: match[3] ?? '/' };
}
