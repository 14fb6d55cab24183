import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildSpec {
  /** Shown in messages, e.g. "server". */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export interface SuperviseOptions {
  /** How long children get to exit after SIGTERM before they are killed. */
  graceMs?: number;
  /** Runs once every child has exited, before this process exits. */
  cleanup?: () => Promise<void> | void;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs children until a stop signal arrives or one of them exits, then stops them all and exits.
 * Each child gets its own process group, so it receives exactly one SIGTERM (from here) rather
 * than one from the terminal and another forwarded, and its own children (tsx watch) go with it.
 * Exit code: 0 when stopped by a signal and every child exited cleanly; otherwise non-zero.
 */
export function supervise(specs: ChildSpec[], options: SuperviseOptions = {}): void {
  const graceMs = options.graceMs ?? 10_000;
  const running = new Map<ChildProcess, string>();
  let stopping = false;
  let exitCode = 0;

  const signalGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  const finish = async (): Promise<void> => {
    try {
      await options.cleanup?.();
    } catch (err) {
      console.error('[supervise] cleanup failed:', err);
      exitCode ||= 1;
    }
    process.exit(exitCode);
  };

  const stopAll = (): void => {
    if (stopping) return;
    stopping = true;
    if (running.size === 0) {
      void finish();
      return;
    }
    for (const child of running.keys()) signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => {
      for (const [child, name] of running) {
        console.error(`[supervise] ${name} did not exit within ${graceMs} ms of SIGTERM; killing it.`);
        signalGroup(child, 'SIGKILL');
      }
      exitCode ||= 1;
    }, graceMs);
    timer.unref();
  };

  for (const spec of specs) {
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env ?? process.env, stdio: 'inherit', detached: true });
    running.set(child, spec.name);
    child.once('error', (err) => {
      console.error(`[supervise] could not start ${spec.name}: ${err.message}`);
      exitCode ||= 1;
      running.delete(child);
      if (stopping && running.size === 0) void finish();
      else stopAll();
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (!stopping) {
        console.error(`[supervise] ${spec.name} exited (${signal ?? `code ${code}`}); stopping the rest.`);
        exitCode ||= code || 1;
        stopAll();
      } else if (code !== null && code !== 0) {
        exitCode ||= code;
      } else if (signal !== null && signal !== 'SIGTERM') {
        exitCode ||= 1;
      }
      if (stopping && running.size === 0) void finish();
    });
  }

  for (const signal of STOP_SIGNALS) process.on(signal, stopAll);
  // Last resort if this process dies some other way: take the children with it.
  process.once('exit', () => {
    for (const child of running.keys()) signalGroup(child, 'SIGKILL');
  });
}
