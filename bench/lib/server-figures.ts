// Issue 32's server figures (docs/decisions/073): start-up to healthy, resident memory idle and
// under load, and the board's request rate against a bare node:http server sending the same
// bytes. Each is a median of at least five runs, printed with the load average it was measured
// under and a clear OVER line when it misses its target. Figures, not timed tests: a busy machine
// makes them worse, never wrong.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { measureBareNodeRate, measureRate, type CapturedResponse } from './http-load';
import { sleep, startNpmServer, type RunningServer } from './processes';

export const SERVER_KEYS = ['server.rps_vs_bare', 'server.rss_idle_mb', 'server.rss_200k_mb', 'server.startup_ms'] as const;
export type ServerKey = (typeof SERVER_KEYS)[number];

/** Each key's target: the figure must be at or under `max`, or at or over `min`. */
export const SERVER_TARGETS: Record<ServerKey, { min?: number; max?: number }> = {
  'server.rps_vs_bare': { min: 0.8 },
  'server.rss_idle_mb': { max: 70 },
  'server.rss_200k_mb': { max: 200 },
  'server.startup_ms': { max: 1500 },
};

/** How many times each figure is measured; its median is the figure. */
export const SERVER_RUNS = Math.max(5, Number(process.env.BENCH_SERVER_RUNS ?? 5));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export function targetText(key: ServerKey): string {
  const { min, max } = SERVER_TARGETS[key];
  return min !== undefined ? `≥ ${min.toFixed(2)}` : `≤ ${max}`;
}

export function misses(key: ServerKey, value: number | null): boolean {
  if (value === null || !Number.isFinite(value)) return true;
  const { min, max } = SERVER_TARGETS[key];
  return (min !== undefined && value < min) || (max !== undefined && value > max);
}

/** `server.rss_idle_mb 64.2 (target ≤ 70) load 1.02 0.98 0.90`, and an OVER line when it misses. */
export function serverFigureLines(key: ServerKey, value: number | null, load: string, runs: number[]): string[] {
  const shown = value === null ? 'null' : key === 'server.rps_vs_bare' ? value.toFixed(2) : value.toFixed(0);
  const lines = [
    `${key} ${shown} (target ${targetText(key)}) load ${load}; median of ${runs.length}: ${runs.map((r) => (key === 'server.rps_vs_bare' ? r.toFixed(2) : r.toFixed(0))).join(' ')}`,
  ];
  if (misses(key, value)) lines.push(`OVER: ${key} ${shown} misses its target ${targetText(key)}`);
  return lines;
}

export interface Figure {
  value: number;
  runs: number[];
  load: string;
}

/** Resident memory of the `npm start` tree once it has settled: the median of five samples. */
export async function settledMemory(server: RunningServer): Promise<number> {
  await sleep(3000);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(server.memory().mb);
    await sleep(300);
  }
  return median(samples);
}

/**
 * `npm start` on `dataDir` (dist/ already built), SERVER_RUNS times: from spawning it to the first
 * 200 of /api/health, and its memory once idle. Each server is stopped before the next starts.
 */
export async function startupAndIdle(dataDir: string, env: Record<string, string> = {}): Promise<{ startup: Figure; idle: Figure }> {
  const load = loadAverage();
  const startups: number[] = [];
  const idles: number[] = [];
  for (let run = 0; run < SERVER_RUNS; run++) {
    const started = performance.now();
    const server = await startNpmServer(dataDir, env);
    startups.push(performance.now() - started);
    try {
      idles.push(await settledMemory(server));
    } finally {
      await server.stop();
    }
  }
  return { startup: { value: median(startups), runs: startups, load }, idle: { value: median(idles), runs: idles, load } };
}

/**
 * The board's request rate ÷ a bare node:http server's with the same answer, in SERVER_RUNS
 * alternating pairs (ours, then bare) so a neighbour's burst hurts both alike; the figure is the
 * median of the pairs' ratios. `peak` is our server's highest memory during each run, its median.
 */
export async function rateAgainstBare(
  server: RunningServer,
  request: { url: string; headers: Record<string, string> },
  captured: CapturedResponse,
  seconds: number,
): Promise<{ ratio: Figure; peak: Figure; oursRps: number }> {
  const load = loadAverage();
  const ratios: number[] = [];
  const ours: number[] = [];
  const peaks: number[] = [];
  for (let run = 0; run < SERVER_RUNS; run++) {
    let peakMb = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.memory().mb)), 250);
    const rate = await measureRate(request, seconds);
    clearInterval(sampler);
    peaks.push(peakMb);
    const bare = await measureBareNodeRate(captured, seconds, request.headers);
    ours.push(rate.rps);
    ratios.push(rate.rps / bare.rps);
    console.log(`  run ${run + 1}: ours ${rate.rps.toFixed(0)} req/s (${rate.non2xx} non-2xx), bare ${bare.rps.toFixed(0)} req/s`);
  }
  return { ratio: { value: median(ratios), runs: ratios, load }, peak: { value: median(peaks), runs: peaks, load }, oursRps: median(ours) };
}
