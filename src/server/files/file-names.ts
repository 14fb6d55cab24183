import { randomInt } from 'node:crypto';

// Stored file names as PocketBase makes them: the original name's stem in snake case (at most 100
// characters), `_`, ten random letters and digits, and the original extension in lower case. The
// random part makes each upload's name (its address) unguessable and unique within its record.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const MAX_STEM = 100;

function randomPart(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** `IMG 0042.JPG` → `img_0042_k3j9d0s8a1.jpg`; `random` is for tests. */
export function storedFileName(original: string, random: (length: number) => string = randomPart): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const rawExt = dot > 0 ? base.slice(dot + 1) : '';
  const ext = rawExt
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_STEM)
    .replace(/_+$/, '');
  return `${stem === '' ? random(10) : stem}_${random(10)}${ext === '' ? '' : `.${ext}`}`;
}

/** A name the store accepts as one path segment: what storedFileName makes (and ids), nothing that climbs folders. */
export function isSafeSegment(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,200}$/.test(name) && !name.includes('..');
}
