import { useCallback, useEffect, useRef, useState } from 'react';
import type { DriverDrop, DriverRunAnswer } from '#domain/driver/driver-link';
import { DriverRefusal, NoConnection, openLink, readRun, sendDrop } from './driver-api';
import { dropForm, forgetDrop, queueDrop, queuedDrops, type QueuedDrop } from './drop-queue';

// The driver page's state: the link opened once (its secret kept on the phone), the run as last
// read (kept too, so the page opens without signal), and the drops queued on the phone, sent in
// the order they were recorded whenever there is a connection (docs/decisions/044).

const tokenKey = (code: string) => `trolleyboard-driver-token:${code}`;
const runKey = (token: string) => `trolleyboard-driver-run:${token.slice(0, 16)}`;
/** While drops wait, the page tries again this often (and at once when the phone says it is online). */
const RETRY_MS = 15_000;

export type DriverState =
  | { state: 'opening' }
  | { state: 'refused'; message: string }
  | { state: 'offline-first' }
  | {
      state: 'open';
      token: string;
      run: DriverRunAnswer;
      queued: QueuedDrop[];
      offline: boolean;
    };

export function useDriverRun(code: string) {
  const [state, setState] = useState<DriverState>({ state: 'opening' });
  const sending = useRef(false);
  const sendAgain = useRef(false);
  const tokenRef = useRef('');

  const mergeDrop = useCallback((drop: DriverDrop) => {
    setState((current) => {
      if (current.state !== 'open') return current;
      const drops = [...current.run.drops.filter((d) => d.stop !== drop.stop), drop];
      const run = { ...current.run, drops };
      localStorage.setItem(runKey(current.token), JSON.stringify(run));
      return {
        ...current,
        run,
        queued: current.queued.filter((q) => q.clientId !== drop.clientId),
      };
    });
  }, []);

  const refreshQueue = useCallback(async (runId: string) => {
    const queued = await queuedDrops(runId);
    setState((current) => (current.state === 'open' ? { ...current, queued } : current));
    return queued;
  }, []);

  /** Sends what waits, oldest first; stops at the first drop that cannot get through. */
  const flush = useCallback(
    async (runId: string) => {
      // Asked again while sending (the phone came back online mid-attempt): go round once more
      // at the end instead of waiting for the next retry.
      if (sending.current) {
        sendAgain.current = true;
        return;
      }
      sending.current = true;
      try {
        do {
          sendAgain.current = false;
          for (const drop of await queuedDrops(runId)) {
            if (drop.refused !== '') continue;
            try {
              const saved = await sendDrop(drop.token, dropForm(drop));
              await forgetDrop(drop.clientId);
              mergeDrop(saved);
              setState((current) => (current.state === 'open' ? { ...current, offline: false } : current));
            } catch (error) {
              if (error instanceof NoConnection) {
                setState((current) => (current.state === 'open' ? { ...current, offline: true } : current));
                break;
              }
              const message = error instanceof DriverRefusal ? error.message : String(error);
              await queueDrop({ ...drop, refused: message });
            }
          }
        } while (sendAgain.current);
      } finally {
        sending.current = false;
        await refreshQueue(runId);
      }
    },
    [mergeDrop, refreshQueue],
  );

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let token = localStorage.getItem(tokenKey(code)) ?? '';
      try {
        if (token === '') {
          token = (await openLink(code)).token;
          localStorage.setItem(tokenKey(code), token);
        }
        tokenRef.current = token;
        let run: DriverRunAnswer;
        let offline = false;
        try {
          run = await readRun(token);
          localStorage.setItem(runKey(token), JSON.stringify(run));
        } catch (error) {
          const kept = localStorage.getItem(runKey(token));
          if (!(error instanceof NoConnection) || !kept) throw error;
          run = JSON.parse(kept) as DriverRunAnswer;
          offline = true;
        }
        const queued = await queuedDrops(run.run.id);
        if (!cancelled) setState({ state: 'open', token, run, queued, offline });
        void flush(run.run.id);
      } catch (error) {
        if (cancelled) return;
        if (error instanceof DriverRefusal) {
          localStorage.removeItem(tokenKey(code));
          setState({ state: 'refused', message: error.message });
        } else setState({ state: 'offline-first' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [code, flush]);

  const runId = state.state === 'open' ? state.run.run.id : '';
  const waiting = state.state === 'open' ? state.queued.some((q) => q.refused === '') : false;
  useEffect(() => {
    if (runId === '') return;
    const onOnline = () => void flush(runId);
    window.addEventListener('online', onOnline);
    const timer = waiting ? window.setInterval(onOnline, RETRY_MS) : undefined;
    return () => {
      window.removeEventListener('online', onOnline);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [runId, waiting, flush]);

  /** Keeps a recorded drop on the phone first, then tries to send it. */
  const record = useCallback(
    async (drop: Omit<QueuedDrop, 'token' | 'run' | 'refused' | 'seq'>) => {
      if (runId === '') return;
      await queueDrop({
        ...drop,
        token: tokenRef.current,
        run: runId,
        refused: '',
        seq: Date.now(),
      });
      await refreshQueue(runId);
      await flush(runId);
    },
    [runId, refreshQueue, flush],
  );

  const discard = useCallback(
    async (clientId: string) => {
      await forgetDrop(clientId);
      if (runId !== '') await refreshQueue(runId);
    },
    [runId, refreshQueue],
  );

  return {
    state,
    record,
    discard,
    retry: () => (runId === '' ? undefined : void flush(runId)),
  };
}
