import type { UserRecord } from '#domain/records';

/** Where the SDK's LocalAuthStore keeps `{token, record}`; its getters read this on every access. */
export const AUTH_STORAGE_KEY = 'pocketbase_auth';

export interface StoredAuth {
  token: string;
  record: UserRecord | null;
}

/** The raw stored session text ('' when none): cheap to compare, so it is the change signal. */
export function readStoredAuthText(): string {
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The stored session when its token is still valid, judged as the SDK's `authStore.isValid`
 * does (token payload decoded, `exp` in the future; no signature check: the server checks).
 * Lets the gate decide before the SDK itself has loaded.
 */
export function parseStoredAuth(text: string): StoredAuth | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const { token, record, model } = parsed as { token?: unknown; record?: unknown; model?: unknown };
  if (typeof token !== 'string' || !isTokenUnexpired(token)) return null;
  const user = (record ?? model ?? null) as UserRecord | null;
  return { token, record: user && typeof user === 'object' ? user : null };
}

/** The stored session's token ('' when none or expired): what the SDK would send, read without it. */
export function storedToken(): string {
  return parseStoredAuth(readStoredAuthText())?.token ?? '';
}

function isTokenUnexpired(token: string): boolean {
  const payload = tokenPayload(token);
  if (!payload || Object.keys(payload).length === 0) return false;
  const exp = payload['exp'];
  return typeof exp !== 'number' || exp > Date.now() / 1000;
}

function tokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
