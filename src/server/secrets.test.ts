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

  it('is reported as generated only on the start that made it, so it is printed once', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-secrets-'));
    try {
      const first = loadSecrets(sqlite(dataDir));
      const second = loadSecrets(sqlite(dataDir));
      expect(first.deletePasswordGenerated).toBe(true);
      expect(second.deletePasswordGenerated).toBe(false);
      expect(second.deletePassword).toBe(first.deletePassword);
      expect(second.tokenSecret).toBe(first.tokenSecret);
      expect(loadSecrets({ ...sqlite(dataDir), deletePassword: 'Given' })).toMatchObject({
        deletePassword: 'Given',
        deletePasswordGenerated: false,
      });
      expect(loadSecrets({ ...sqlite(dataDir), tokenSecret: 'x'.repeat(32) }).tokenSecret).toBe('x'.repeat(32));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL generates nothing and refuses to start without both secrets', () => {
    const dataDir = path.join(os.tmpdir(), `trolleyboard-never-${process.pid}`);
    const pg = { dataDir, databaseUrl: 'postgres://db/tb', tokenSecret: null, deletePassword: 'Prune' };
    expect(() => loadSecrets(pg)).toThrow(/TOKEN_SECRET and DELETE_PASSWORD must be given/);
    expect(loadSecrets({ ...pg, tokenSecret: 'x'.repeat(32) })).toEqual({
      tokenSecret: 'x'.repeat(32),
      deletePassword: 'Prune',
      deletePasswordGenerated: false,
    });
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
