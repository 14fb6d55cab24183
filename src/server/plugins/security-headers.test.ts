import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineScripts } from './security-headers';

// The CSP allows the page's inline scripts by hash and nothing else inline: the hash must be of
// exactly the text between the tags, and files (`src`) must not be hashed.

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline scripts of a page', () => {
  const page = [
    '<head><script>window.a = 1;</script>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<SCRIPT data-x="1">\n  fetch("/api")\n</SCRIPT>',
    '<script>   </script></head>',
  ].join('');

  it('are the bodies of scripts without src, exactly as written', () => {
    expect(inlineScripts(page)).toEqual(['window.a = 1;', '\n  fetch("/api")\n']);
  });

  it('are allowed by the SHA-256 of those bodies', () => {
    expect(inlineScriptHashes(page)).toEqual([sha('window.a = 1;'), sha('\n  fetch("/api")\n')]);
  });

  it('are none on a page without them', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });
});
