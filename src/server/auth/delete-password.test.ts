import { describe, expect, it } from 'vitest';
import { expectedDeletePassword, type NurseryDeletePassword } from './delete-password';

// Which deletion password holds for a nursery (docs/decisions/055): chosen beats the operator's,
// the operator's beats a generated one, whichever process generated it.

const chosen: NurseryDeletePassword = { deletePasswordHash: '$argon2id$chosen', generatedDeletePassword: '' };
const generated: NurseryDeletePassword = { deletePasswordHash: '$argon2id$generated', generatedDeletePassword: 'fern-tulip-oak-sage-417' };
const none: NurseryDeletePassword = { deletePasswordHash: '', generatedDeletePassword: '' };

describe('expectedDeletePassword', () => {
  it.each([
    ['chosen, operator set', chosen, 'Operator-77', null, { hash: '$argon2id$chosen' }],
    ['chosen, no operator', chosen, null, null, { hash: '$argon2id$chosen' }],
    ['generated, operator set', generated, 'Operator-77', null, { text: 'Operator-77' }],
    ['generated, no operator', generated, null, 'from-secrets', { hash: '$argon2id$generated' }],
    ['none, operator set', none, 'Operator-77', 'Operator-77', { text: 'Operator-77' }],
    ['none, secrets.json only (an installation from before nurseries)', none, null, 'from-secrets', { text: 'from-secrets' }],
    ['none at all', none, null, null, null],
    ['no such nursery, operator set', undefined, 'Operator-77', 'Operator-77', { text: 'Operator-77' }],
  ])('%s', (_case, nursery, operator, stored, expected) => {
    expect(expectedDeletePassword(nursery, { operator, stored })).toEqual(expected);
  });
});
