import { expect } from 'vitest';

// How the tests show that costly work does not stall the server for other clients
// (docs/decisions/053): a second client asks /api/health back to back while the work runs.

export interface HealthFigures {
  samples: number;
  /** How long the work took. */
  took: number;
  /** Health answers that arrived after the work started and before it ended. */
  during: number;
  p99: number;
  max: number;
}

/**
 * Runs `work` while another client asks `serverUrl`'s /api/health back to back; prints and returns
 * the health figures with what the work answered.
 */
export async function whileHealthSampled<T>(
  serverUrl: string,
  label: string,
  work: () => Promise<T>,
): Promise<{ answer: T; health: HealthFigures }> {
  const times: number[] = [];
  const answeredAt: number[] = [];
  let running = true;
  // Each answer is timed from the previous one: the server, this client and the test share one
  // event loop, so a stall that held back the next request's sending counts too.
  const sampler = (async () => {
    let start = performance.now();
    while (running) {
      const answer = await fetch(`${serverUrl}/api/health`);
      await answer.arrayBuffer();
      const now = performance.now();
      times.push(now - start);
      answeredAt.push(now);
      start = now;
      expect(answer.status).toBe(200);
    }
  })();
  // The first health answer before the work starts: the sampler is running.
  while (times.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  const started = performance.now();
  let answer: T;
  try {
    answer = await work();
  } finally {
    running = false;
    await sampler;
  }
  const ended = performance.now();
  const took = ended - started;
  const sorted = [...times].sort((a, b) => a - b);
  const health = {
    samples: sorted.length,
    took,
    during: answeredAt.filter((at) => at > started && at < ended).length,
    p99: sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
  console.info(
    `${label}: took ${took.toFixed(0)} ms; /api/health p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(1)} ms over ${health.samples} answers`,
  );
  return { answer, health };
}
