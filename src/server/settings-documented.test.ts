import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// Every variable the server reads is one an operator can look up: a row of the settings table in
// docs/operating.md and a line of .env.example (docs/decisions/024). The names are the ones
// loadConfig actually asks its environment for, so a new setting cannot be left out of either.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function variablesReadByConfig(): string[] {
  const asked = new Set<string>();
  const env = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env, '/srv/trolleyboard');
  return [...asked].sort();
}

/** The variable names `pattern` (one capture group) finds in `text`. */
function namesIn(text: string, pattern: RegExp): Set<string> {
  return new Set([...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

describe('the settings an operator can look up', () => {
  const variables = variablesReadByConfig();

  it('reads the settings through its environment argument', () => {
    // Guards the test itself: were config.ts to read process.env directly, the lists below would be empty.
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'DATABASE_URL', 'METRICS_TOKEN']));
  });

  it('has a row for every variable in the settings table of docs/operating.md', () => {
    const operating = fs.readFileSync(path.join(repoRoot, 'docs/operating.md'), 'utf8');
    const rows = namesIn(operating, /^\| `([A-Z][A-Z0-9_]*)` \|/gm);
    expect(variables.filter((name) => !rows.has(name))).toEqual([]);
    expect([...rows].filter((name) => !variables.includes(name))).toEqual([]);
  });

  it('lists every variable in .env.example', () => {
    const example = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const listed = namesIn(example, /^# ([A-Z][A-Z0-9_]*)=/gm);
    expect(variables.filter((name) => !listed.has(name))).toEqual([]);
  });
});
