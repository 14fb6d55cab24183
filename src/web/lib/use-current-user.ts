import { useSyncExternalStore } from 'react';
import type { UserRecord } from '#domain/records';
import { loadPb } from './lazy-pb';
import { AUTH_STORAGE_KEY, parseStoredAuth, readStoredAuthText } from './stored-auth';

const listeners = new Set<() => void>();
let watchingSdk = false;

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!watchingSdk) {
    watchingSdk = true;
    // Same-tab changes (login, refresh, logout) come from the SDK's store; other tabs via `storage`.
    void loadPb().then(
      (pb) => pb.authStore.onChange(notify),
      () => {
        watchingSdk = false;
      },
    );
    window.addEventListener('storage', (e) => {
      if (e.key === AUTH_STORAGE_KEY || e.key === null) notify();
    });
  }
  return () => listeners.delete(onChange);
}

// Parsing only when the stored text changed keeps the snapshot stable for useSyncExternalStore.
let lastText: string | null = null;
let lastUser: UserRecord | null = null;
function snapshot(): UserRecord | null {
  const text = readStoredAuthText();
  if (text !== lastText) {
    lastText = text;
    lastUser = parseStoredAuth(text)?.record ?? null;
  }
  return lastUser;
}

/** The signed-in user, re-rendering when the session changes (login, logout, refresh). */
export function useCurrentUser(): UserRecord | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
