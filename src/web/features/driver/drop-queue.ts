// What a driver recorded and the server has not confirmed yet, kept on the phone in IndexedDB
// (blobs and all), so a weak signal or a closed browser loses nothing (docs/decisions/044).
import type { DropReport } from '#domain/records';

/** One drop as recorded on the phone, before the server has it. */
export interface QueuedDrop extends DropReport {
  /** Chosen on the phone; the server writes one drop per clientId, so a retry never records twice. */
  clientId: string;
  /** The link's secret it is sent with. */
  token: string;
  run: string;
  /** When the driver pressed the button (ISO). */
  recordedAt: string;
  signature: Blob | null;
  photo: Blob | null;
  /** The server's refusal, when it refused (it is not sent again until changed). */
  refused: string;
  /** Order of recording. */
  seq: number;
}

const DB_NAME = 'trolleyboard-driver';
const STORE = 'drops';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'clientId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
    });
  } finally {
    db.close();
  }
}

export const queueDrop = (drop: QueuedDrop): Promise<IDBValidKey> => withStore('readwrite', (store) => store.put(drop));
export const forgetDrop = (clientId: string): Promise<undefined> => withStore('readwrite', (store) => store.delete(clientId));

/** The run's drops not confirmed yet, in the order they were recorded. */
export async function queuedDrops(run: string): Promise<QueuedDrop[]> {
  const all = await withStore<QueuedDrop[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedDrop[]>);
  return all.filter((drop) => drop.run === run).sort((a, b) => a.seq - b.seq);
}

/** A new client id: 20 random letters and digits (the server takes up to 40). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(bytes, (byte) => letters[byte % letters.length]).join('');
}

/** The multipart body of a queued drop, as the drops route reads it. */
export function dropForm(drop: QueuedDrop): FormData {
  const form = new FormData();
  form.set('stop', drop.stop);
  form.set('outcome', drop.outcome);
  form.set('reason', drop.reason);
  form.set('receivedBy', drop.receivedBy);
  form.set('trolleysBack', String(drop.trolleysBack));
  form.set('shelvesBack', String(drop.shelvesBack));
  form.set('extensionsBack', String(drop.extensionsBack));
  form.set('recordedAt', drop.recordedAt);
  form.set('clientId', drop.clientId);
  if (drop.signature) form.set('signature', drop.signature, 'signature.png');
  if (drop.photo) form.set('photo', drop.photo, photoName(drop.photo));
  return form;
}

function photoName(photo: Blob): string {
  return photo.type === 'image/png' ? 'photo.png' : photo.type === 'image/webp' ? 'photo.webp' : 'photo.jpg';
}
