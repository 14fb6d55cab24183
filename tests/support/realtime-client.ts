// Realtime as clients use it, for the server tests: the official SDK's subscribe, and raw SSE
// streams and subscribe forms for what the SDK cannot express (other addresses, abusive forms).
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import { FUTURE_YEAR } from './open-weeks';

// Node 20 has no EventSource: the `eventsource` package stands in, as in the browser.
globalThis.EventSource ??= EventSource as unknown as typeof globalThis.EventSource;

export const DELIVERY_MS = 2000;

export type RecordEvent = RecordSubscription<RecordModel>;

/** Subscribes through the SDK and collects what arrives. */
export async function listen(pb: PocketBase, collection: string, topic: string, options?: Record<string, unknown>) {
  const events: RecordEvent[] = [];
  const unsubscribe = await pb.collection(collection).subscribe(topic, (e) => events.push(e), options);
  return { events, unsubscribe };
}

/** Polls `read` until it gives a value; fails after `ms`. */
export async function waitFor<T>(read: () => T | undefined, what: string, ms = DELIVERY_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An order body the API accepts. */
export const order = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  day: 'tuesday',
  customerType: 'retail',
  other: 'none',
  weekNumber: 12,
  year: FUTURE_YEAR,
  status: 'working',
  ...extra,
});

export interface ErrorEnvelope {
  status: number;
  message: string;
  data: Record<string, unknown>;
}

export interface RawStream {
  response: Response;
  clientId: string;
  /** The text received so far. */
  text(): string;
  ended(): boolean;
  close(): Promise<void>;
}

/** GET /api/realtime: the stream once PB_CONNECT arrived, or the refusal (status and envelope). */
export async function tryOpenStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ stream: RawStream; refusal: null } | { stream: null; refusal: ErrorEnvelope }> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/realtime`, { signal: controller.signal, headers });
  if (response.status !== 200) return { stream: null, refusal: (await response.json()) as ErrorEnvelope };
  let text = '';
  let ended = false;
  const reader = response.body?.getReader();
  const pump = (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader!.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  const clientId = await waitFor(() => /^id:(\w+)\n/.exec(text)?.[1], 'PB_CONNECT');
  const stream: RawStream = {
    response,
    clientId,
    text: () => text,
    ended: () => ended,
    async close() {
      controller.abort();
      await pump;
    },
  };
  return { stream, refusal: null };
}

/** A raw SSE reader over fetch; fails the test when the server refuses the stream. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<RawStream> {
  const opened = await tryOpenStream(url, headers);
  if (!opened.stream) throw new Error(`the stream was refused: ${opened.refusal.status} ${opened.refusal.message}`);
  return opened.stream;
}

/** POST /api/realtime: the status and the error envelope, if any. */
export async function postSubscriptions(url: string, body: unknown, token = '', headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/realtime`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as ErrorEnvelope) : null };
}
