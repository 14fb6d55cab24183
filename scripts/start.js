// `npm start`: bring dist/ up to date (web app and server bundle, in a short-lived child process
// so its memory is given back), then run the compiled server in this very process: one Node
// process stays resident, and src/server/main.ts handles SIGINT/SIGTERM itself (clean exit 0).
// Plain JavaScript on purpose: nothing transpiles at run time (docs/decisions/008). When dist/ is
// newer than every input, the build (and tsx, ~0.9 s) is skipped altogether (docs/decisions/073).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isServerBuildStale, isWebBuildStale, serverBundle } from './build-inputs.js';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** Runs scripts/build.ts; a stop signal meanwhile stops the build and then this process. */
function buildDist() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build.ts')], { stdio: 'inherit' });
    const stop = (signal) => child.kill(signal);
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, stop);
    child.once('error', (error) => console.error(`[start] could not run the build: ${error.message}`));
    child.once('close', (code, signal) => {
      for (const s of signals) process.off(s, stop);
      resolve({ code, signal });
    });
  });
}

if (isWebBuildStale(root) || isServerBuildStale(root)) {
  const build = await buildDist();
  if (build.code !== 0) {
    console.error(`[start] the build did not finish (${build.signal ?? `exit code ${build.code}`}); the server was not started.`);
    process.exit(1);
  }
}

await import(pathToFileURL(serverBundle(root)).href);
