import { BALANCE_API, BALANCE_LINK_HEADER, type BalanceAnswer, type BalanceReplyView } from '#domain/customers/balance-link';

// The customer's page's requests (docs/decisions/078): plain fetch with the link's secret in its
// header, never the SDK or a sign-in, so the page stays small and a customer needs no account.

/** What the server answered instead: its sentence, and the fields' own problems. */
export class BalanceRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const NO_CONNECTION = 'The nursery could not be reached. Check the connection and try again.';

async function call<T>(path: string, secret: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, cache: 'no-store', headers: { ...init.headers, [BALANCE_LINK_HEADER]: secret } });
  } catch {
    throw new BalanceRefusal(0, NO_CONNECTION);
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; data?: Record<string, { message?: string }> };
  if (response.status >= 500) throw new BalanceRefusal(response.status, NO_CONNECTION);
  if (!response.ok) {
    const fields = Object.fromEntries(Object.entries(body.data ?? {}).map(([key, value]) => [key, value.message ?? '']));
    throw new BalanceRefusal(response.status, body.message ?? 'The nursery refused this.', fields);
  }
  return body as T;
}

export const readBalance = (secret: string) => call<BalanceAnswer>(BALANCE_API.view, secret);

/** Confirms or disputes (multipart when a photo comes with it). */
export function sendReply(secret: string, form: FormData): Promise<BalanceReplyView> {
  return call<BalanceReplyView>(BALANCE_API.replies, secret, { method: 'POST', body: form });
}

/** The statement's CSV as a file the phone saves. */
export async function downloadStatement(secret: string, from: string, to: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${BALANCE_API.statement}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
      headers: { [BALANCE_LINK_HEADER]: secret },
      cache: 'no-store',
    });
  } catch {
    throw new BalanceRefusal(0, NO_CONNECTION);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new BalanceRefusal(response.status, body.message ?? NO_CONNECTION);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'statement.csv';
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
