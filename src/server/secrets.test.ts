import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELETE_PASSWORD_BITS, DELETE_PASSWORD_WORDS, generateDeletePassword } from './auth/delete-password-words';
import { loadSecrets } from './secrets';

const sqlite = (dataDir: string) => ({ dataDir, databaseUrl: null, tokenSecret: null, deletePassword: null });

describe('generated deletion password', () => {
  it('has at least 40 bits: four of 256 distinct short words and a three-digit number', () => {
    expect(new Set(DELETE_PASSWORD_WORDS).size).toBe(256);
    for (const word of DELETE_PASSWORD_WORDS) expect(word).toMatch(/^[a-z]{2,9}$/);
    expect(DELETE_PASSWORD_BITS).toBeGreaterThanOrEqual(40);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const password = generateDeletePassword();
      const [a, b, c, d, n] = password.split('-');
      for (const word of [a, b, c, d]) expect(DELETE_PASSWORD_WORDS).toContain(word);
      expect(Number(n)).toBeGreaterThanOrEqual(100);
      expect(Number(n)).toBeLessThan(1000);
      seen.add(password);
    }
    expect(seen.size).toBe(2000);
  });

  it('generates a token secret once; no deletion password (each nursery gets its own), but reads one an earlier version generated', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-secrets-'));
    try {
      const first = loadSecrets(sqlite(dataDir));
      const second = loadSecrets(sqlite(dataDir));
      expect(first.deletePassword).toBeNull();
      expect(second.tokenSecret).toBe(first.tokenSecret);
      expect(loadSecrets({ ...sqlite(dataDir), deletePassword: 'Given' }).deletePassword).toBe('Given');
      expect(loadSecrets({ ...sqlite(dataDir), tokenSecret: 'x'.repeat(32) }).tokenSecret).toBe('x'.repeat(32));
      // An installation from before nurseries: its generated password still holds for its nursery.
      const file = path.join(dataDir, 'secrets.json');
      fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), deletePassword: 'fern-tulip-oak-sage-417' }));
      expect(loadSecrets(sqlite(dataDir)).deletePassword).toBe('fern-tulip-oak-sage-417');
      expect(loadSecrets({ ...sqlite(dataDir), deletePassword: 'Given' }).deletePassword).toBe('Given');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL generates nothing and refuses to start without the token secret; DELETE_PASSWORD is optional', () => {
    const dataDir = path.join(os.tmpdir(), `trolleyboard-never-${process.pid}`);
    const pg = { dataDir, databaseUrl: 'postgres://db/tb', tokenSecret: null, deletePassword: 'Prune' };
    expect(() => loadSecrets(pg)).toThrow(/TOKEN_SECRET must be given/);
    expect(loadSecrets({ ...pg, tokenSecret: 'x'.repeat(32) })).toEqual({ tokenSecret: 'x'.repeat(32), deletePassword: 'Prune' });
    expect(loadSecrets({ ...pg, tokenSecret: 'x'.repeat(32), deletePassword: null })).toEqual({
      tokenSecret: 'x'.repeat(32),
      deletePassword: null,
    });
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
