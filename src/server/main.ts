import fs from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

// Settings may come from a .env file in the working directory (D9); real env vars win.
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

const built = await buildApp(config);
const { app, secrets } = built;

if (secrets.deletePasswordGenerated) {
  app.log.info(
    `Deletion password (generated, kept in ${config.dataDir}/secrets.json; set DELETE_PASSWORD to choose your own): ${secrets.deletePassword}`,
  );
} else if (!config.deletePassword) {
  // Printed only on the start that generated it (logs are kept and shared); say where it is instead.
  app.log.info(`Deletion password: the one generated on first start, kept in ${config.dataDir}/secrets.json.`);
}
if (!config.smtpUrl) app.log.info(`No SMTP_URL set: mails are written to ${config.dataDir}/mail and their links logged here.`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  try {
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
app.log.info(
  `Trolleyboard is ready at ${config.appUrl} (storage: ${built.database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'})`,
);
