import fs from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { AccountAdmin, AdminError } from './accounts';

const USAGE = `Trolleyboard operator commands

  npm run admin -- create-user --username NAME --email EMAIL --password PASSWORD [--verified] [--accept-terms]
  npm run admin -- verify-user <username|email>
  npm run admin -- set-password <username|email> [--password PASSWORD]   (asks for it when left out)

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
  const database = await openDatabase(config);
  const admin = new AccountAdmin(database, config);
  try {
    switch (command) {
      case 'create-user': {
        if (!values.username || !values.email || !values.password)
          throw new AdminError('create-user needs --username, --email and --password.');
        const user = await admin.createUser({
          username: values.username,
          email: values.email,
          password: values.password,
          verified: values.verified,
          acceptTerms: values['accept-terms'],
        });
        console.log(
          `Created ${user.username} <${user.email}> (id ${user.id})${values.verified ? ', verified' : ''}${values['accept-terms'] ? ', terms accepted' : ''}.`,
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
      default:
        throw new AdminError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
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
