import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** Signs every token, together with the user's own token key. */
  tokenSecret: string;
  deletePassword: string;
  /** True when the deletion password was generated here rather than given by DELETE_PASSWORD. */
  deletePasswordGenerated: boolean;
}

interface StoredSecrets {
  tokenSecret?: string;
  deletePassword?: string;
}

// Words staff can read out over the yard radio; a generated deletion password is three of them.
const WORDS = [
  'fern',
  'moss',
  'oak',
  'ivy',
  'lily',
  'rose',
  'sage',
  'mint',
  'pine',
  'reed',
  'iris',
  'aster',
  'heath',
  'holly',
  'maple',
  'tulip',
  'daisy',
  'poppy',
  'thyme',
  'birch',
  'cedar',
  'hazel',
  'laurel',
  'willow',
];

function generateDeletePassword(): string {
  const bytes = randomBytes(4);
  const pick = (i: number) => WORDS[(bytes[i] ?? 0) % WORDS.length];
  return `${pick(0)}-${pick(1)}-${pick(2)}-${(bytes[3] ?? 0) % 100}`;
}

/**
 * Reads the server's secrets from DATA_DIR/secrets.json, generating what is missing on first
 * start (mode 600), so the embedded default works with no setup and restarts keep tokens valid.
 */
export function loadSecrets(dataDir: string, configuredDeletePassword: string | null): Secrets {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  let changed = false;
  if (!stored.tokenSecret) {
    stored.tokenSecret = randomBytes(32).toString('base64url');
    changed = true;
  }
  if (!configuredDeletePassword && !stored.deletePassword) {
    stored.deletePassword = generateDeletePassword();
    changed = true;
  }
  if (changed) fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return {
    tokenSecret: stored.tokenSecret,
    deletePassword: configuredDeletePassword ?? stored.deletePassword ?? '',
    deletePasswordGenerated: !configuredDeletePassword,
  };
}
