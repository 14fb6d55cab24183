import fs from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '#domain/records';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { AccountAdmin, AdminError, standaloneEvents } from './accounts';
import { describeDeleted, undelete } from './deleted';
import { backupSqlite, POSTGRES_ADVICE, restoreSqlite } from './backup';
import { runPocketBaseImport } from './import-pocketbase/import-command';

const USAGE = `Trolleyboard operator commands

  npm run admin -- create-user --username NAME --email EMAIL --password PASSWORD [--verified] [--accept-terms]
        [--nursery NURSERY [--role admin|office|staff|viewer]] [--nursery-name NAME]
      joins the nursery NURSERY (its id or name) with the role (default staff); without it, makes
      a new nursery (named NAME, else after the person) with the person as its admin
  npm run admin -- verify-user <username|email>
  npm run admin -- set-password <username|email> [--password PASSWORD]   (asks for it when left out)
  npm run admin -- deleted          list the orders and runs in Deleted, newest first
  npm run admin -- undelete <id>    bring the order or run <id> back from Deleted
  npm run admin -- backup <file>    copy the live SQLite database to <file>, while the server runs
  npm run admin -- restore <file>   replace the SQLite database with <file> (stop the server first)
  npm run admin -- import-pocketbase <pb_data> [--nursery NURSERY] [--dry-run]
      brings the original app's data (PocketBase's pb_data folder, read-only) into the nursery
      NURSERY (its id or name), else the one an earlier import of the same data went into, else a
      new one; nothing is imported twice; --dry-run prints what it would do, writing nothing

Settings (DATA_DIR, DATABASE_URL, ...) come from the environment or .env, as for npm start.`;

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      verified: { type: 'boolean', default: false },
      'accept-terms': { type: 'boolean', default: false },
      nursery: { type: 'string' },
      role: { type: 'string' },
      'nursery-name': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, target] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, target, config);
  const database = await openDatabase(config);
  const admin = new AccountAdmin(database, config, { events: await standaloneEvents(database) });
  try {
    switch (command) {
      case 'create-user': {
        if (!values.username || !values.email || !values.password)
          throw new AdminError('create-user needs --username, --email and --password.');
        const role = values.role ?? 'staff';
        if (!(ROLES as readonly string[]).includes(role)) throw new AdminError(`--role must be one of ${ROLES.join(', ')}.`);
        if (values.role && !values.nursery) throw new AdminError("--role needs --nursery: a new nursery's first person is its admin.");
        const nursery = values.nursery ? await admin.findNursery(values.nursery) : null;
        const user = await admin.createUser({
          username: values.username,
          email: values.email,
          password: values.password,
          verified: values.verified,
          acceptTerms: values['accept-terms'],
          ...(nursery ? { nursery: nursery.id, role: role as Role } : { nurseryName: values['nursery-name'] }),
        });
        const joined = await admin.findNursery(user.nursery);
        console.log(
          `Created ${user.username} <${user.email}> (id ${user.id})${values.verified ? ', verified' : ''}${values['accept-terms'] ? ', terms accepted' : ''}, ${user.role} of "${joined.name}" (${joined.id}).`,
        );
        if (!nursery && joined.generatedDeletePassword)
          console.log(
            `The new nursery's deletion password: ${joined.generatedDeletePassword} (a server running with DELETE_PASSWORD uses that one instead, until the nursery's admins choose their own)`,
          );
        return 0;
      }
      case 'verify-user': {
        if (!target) throw new AdminError('verify-user needs a username or email.');
        const user = await admin.verifyUser(target);
        console.log(`Marked ${user.username} <${user.email}> as verified.`);
        return 0;
      }
      case 'set-password': {
        if (!target) throw new AdminError('set-password needs a username or email.');
        const password = values.password ?? (await ask('New password: '));
        const user = await admin.setPassword(target, password);
        console.log(`Set a new password for ${user.username}; their other sessions are signed out.`);
        return 0;
      }
      case 'deleted': {
        const lines = await describeDeleted(admin.records);
        console.log(lines.length === 0 ? 'Deleted is empty.' : lines.join('\n'));
        return 0;
      }
      case 'undelete': {
        if (!target) throw new AdminError('undelete needs the id of an order or run in Deleted (see: npm run admin -- deleted).');
        console.log(await undelete(admin.records, target));
        return 0;
      }
      case 'import-pocketbase': {
        if (!target) throw new AdminError('import-pocketbase needs the path of the pb_data folder (or its data.db).');
        const nursery = values.nursery ? await admin.findNursery(values.nursery) : null;
        const lines = await runPocketBaseImport(admin.records, config, target, {
          nursery,
          nurseryName: values['nursery-name'],
          dryRun: values['dry-run'],
        });
        console.log(lines.join('\n'));
        return 0;
      }
      default:
        throw new AdminError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

/** Works on the database file itself, so it never opens (or migrates) the database the usual way. */
async function backupOrRestore(command: 'backup' | 'restore', file: string | undefined, config: Config): Promise<number> {
  if (config.databaseUrl !== null) {
    console.error(POSTGRES_ADVICE);
    return 1;
  }
  if (!file) throw new AdminError(`${command} needs a file name, e.g. npm run admin -- ${command} trolleyboard-backup.db`);
  if (command === 'backup') {
    const { file: written, bytes, counts, files } = await backupSqlite(config.dataDir, file);
    console.log(`Backed up ${describeCounts(counts)} to ${written} (${Math.ceil(bytes / 1024)} KB).`);
    if (files > 0) console.log(`The backup holds ${files} attached file${files === 1 ? '' : 's'}.`);
    return 0;
  }
  const { previous, counts, files } = await restoreSqlite(config.dataDir, file, new Date());
  console.log(`Restored ${describeCounts(counts)} from ${file} into ${config.dataDir}.`);
  if (files > 0) console.log(`Restored ${files} attached file${files === 1 ? '' : 's'}.`);
  if (previous) console.log(`The database as it was before is kept in ${previous}.`);
  return 0;
}

function describeCounts(counts: Record<string, number>): string {
  return `${counts.tasks ?? 0} orders, ${counts.trolley_exports ?? 0} runs and ${counts.users ?? 0} users`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(2);
  },
);
