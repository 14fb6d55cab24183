import type { FastifyInstance } from 'fastify';

export interface ShutdownDrain {
  /**
   * From now on every answer says `Connection: close`; resolves once no request is running and
   * none has started for `quietMs`, or after `maxMs` at the latest.
   */
  drain(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
}

/**
 * Lets a stopping server (SIGTERM) answer the requests clients have already sent. Closing the
 * listener at once would drop requests still in a keep-alive socket's buffer (Node closes "idle"
 * connections that have not been read yet: ECONNRESET) and Fastify would answer 503 to the ones
 * it reads after closing began. So the server first keeps serving, telling every client to stop
 * reusing its connection, until things are quiet; only then does it close (main.ts). It even
 * keeps accepting connections meanwhile: closing the listener resets the connections still
 * waiting in the kernel's accept queue, whose requests were sent too.
 * Register before the server listens.
 */
export function trackRequestsForShutdown(app: FastifyInstance): ShutdownDrain {
  // Request ids, not a counter: an aborted request may see both onRequestAbort and onResponse.
  const running = new Set<string>();
  let lastStartedAt = 0;
  let draining = false;
  // Callback style, not async: no promise per request in hooks that run for every request.
  app.addHook('onRequest', (request, _reply, done) => {
    lastStartedAt = Date.now();
    // A realtime stream (SSE) stays open by design: waiting for it would only delay the stop.
    // The realtime module closes its streams itself when the app closes (a preClose hook).
    if (!(request.method === 'GET' && request.url.split('?')[0] === '/api/realtime')) running.add(request.id);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    running.delete(request.id);
    done();
  });
  app.addHook('onRequestAbort', async (request) => {
    running.delete(request.id);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('Connection', 'close');
    done(null, payload);
  });
  return {
    async drain({ quietMs = 250, maxMs = 3_000 } = {}) {
      draining = true;
      const startedAt = Date.now();
      while (Date.now() - startedAt < maxMs && (running.size > 0 || Date.now() - lastStartedAt < quietMs)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
