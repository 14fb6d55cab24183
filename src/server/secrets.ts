import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateDeletePassword } from './auth/delete-password-words';
import type { Config } from './config';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir';

export interface Secrets {
  /** Signs every token, together with the user's own token key. */
  tokenSecret: string;
  deletePassword: string;
  /** True only on the start that generated the deletion password (so it is printed once, not on every start). */
  deletePasswordGenerated: boolean;
}

interface StoredSecrets {
  tokenSecret?: string;
  deletePassword?: string;
}

/**
 * The server's secrets. Given ones (TOKEN_SECRET, DELETE_PASSWORD) win. On SQLite, missing ones are
 * generated on first start into DATA_DIR/secrets.json (mode 600), so the embedded default works with
 * no setup and restarts keep tokens valid. On PostgreSQL several instances must share them, so
 * both must be given (docs/decisions/028; config.ts already refuses to start without them).
 */
export function loadSecrets(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'tokenSecret' | 'deletePassword'>): Secrets {
  if (config.databaseUrl) {
    if (!config.tokenSecret || !config.deletePassword)
      throw new Error('With DATABASE_URL set, TOKEN_SECRET and DELETE_PASSWORD must be given (every instance must use the same ones).');
    return { tokenSecret: config.tokenSecret, deletePassword: config.deletePassword, deletePasswordGenerated: false };
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  let changed = false;
  let deletePasswordGenerated = false;
  if (!config.tokenSecret && !stored.tokenSecret) {
    stored.tokenSecret = randomBytes(32).toString('base64url');
    changed = true;
  }
  if (!config.deletePassword && !stored.deletePassword) {
    stored.deletePassword = generateDeletePassword();
    deletePasswordGenerated = true;
    changed = true;
  }
  if (changed) fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: PRIVATE_FILE_MODE });
  return {
    tokenSecret: config.tokenSecret ?? stored.tokenSecret ?? '',
    deletePassword: config.deletePassword ?? stored.deletePassword ?? '',
    deletePasswordGenerated,
  };
}
