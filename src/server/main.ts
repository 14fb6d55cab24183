import fs from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeStartFailure } from './data-dir';
import { removePidFile, writePidFile } from './pid-file';
import { trackRequestsForShutdown } from './shutdown';

// Settings may come from a .env file in the working directory (docs/decisions/024); real env vars win.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let built;
try {
  built = await buildApp(config);
} catch (error) {
  // A folder or file the server may not write: one line that says what to fix, not a stack trace.
  const line = describeStartFailure(error, config.dataDir);
  if (line === null) throw error;
  console.error(line);
  process.exit(1);
}
const { app, secrets } = built;

if (!config.deletePassword) {
  // Never printed (logs are kept and shared): each nursery's admins see their own in its settings.
  app.log.info(
    secrets.deletePassword
      ? `Deletion password: each nursery's own; a nursery without one uses the one generated on first start, kept in ${config.dataDir}/secrets.json.`
      : "Deletion password: each nursery's own, generated when it is made and shown to its admins in the nursery's settings.",
  );
}
if (!config.smtpUrl) app.log.info(`No SMTP_URL set: mails are written to ${config.dataDir}/mail and their links logged here.`);

const requests = trackRequestsForShutdown(app);
/** Longest a shutdown may take before the process gives up waiting (a stuck connection). */
const SHUTDOWN_TIMEOUT_MS = 15_000;

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  setTimeout(() => {
    app.log.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  try {
    // Answer what clients have already sent, then stop listening and close the database. Every
    // answer now goes through Fastify's hooks, which tell clients to close their connections.
    built.fastPath?.stop();
    await requests.drain();
    await built.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ host: config.host, port: config.port });
// Tells `npm run admin -- restore` that this data folder is in use; gone again on any exit
// Node gets to run (a crash's stale file names a dead process and blocks nothing).
writePidFile(config.dataDir);
process.once('exit', () => removePidFile(config.dataDir));
app.log.info(
  `Trolleyboard is ready at ${config.appUrl} (storage: ${built.database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'})`,
);
