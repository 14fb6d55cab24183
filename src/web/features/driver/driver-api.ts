import { DRIVER_API, DRIVER_LINK_HEADER, type DriverDrop, type DriverOpenAnswer, type DriverRunAnswer } from '#domain/driver/driver-link';

// The driver page's requests (docs/decisions/044): plain fetch with the link's secret in its
// header, never the SDK or a sign-in, so the page stays small and a driver needs no account.

/** A refusal the server answered: the driver reads its message; retrying will not help. */
export class DriverRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** No answer at all (no signal, server unreachable): worth trying again later. */
export class NoConnection extends Error {}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new NoConnection('No connection');
  }
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
  };
  // A proxy's 502/503/504 while the server restarts is no refusal either.
  if (response.status >= 500) throw new NoConnection(body.message ?? `The server answered ${response.status}`);
  if (!response.ok) throw new DriverRefusal(response.status, body.message ?? 'The server refused this.');
  return body as T;
}

export function openLink(code: string): Promise<DriverOpenAnswer> {
  return call<DriverOpenAnswer>(DRIVER_API.open, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
}

export function readRun(token: string): Promise<DriverRunAnswer> {
  return call<DriverRunAnswer>(DRIVER_API.run, {
    headers: { [DRIVER_LINK_HEADER]: token },
    cache: 'no-store',
  });
}

/** Sends one recorded drop (multipart: its fields, the signature and the photo). */
export function sendDrop(token: string, form: FormData): Promise<DriverDrop> {
  return call<DriverDrop>(DRIVER_API.drops, {
    method: 'POST',
    headers: { [DRIVER_LINK_HEADER]: token },
    body: form,
  });
}
