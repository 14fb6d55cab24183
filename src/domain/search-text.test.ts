import { expect, test } from 'vitest';
import { MAX_SEARCH_LENGTH, searchableText } from './search-text';

test('a search text is kept whole up to the limit and cut to its first characters beyond it', () => {
  expect(searchableText('Greenfields')).toBe('Greenfields');
  expect(searchableText('x'.repeat(MAX_SEARCH_LENGTH))).toBe('x'.repeat(MAX_SEARCH_LENGTH));
  expect(searchableText('x'.repeat(MAX_SEARCH_LENGTH + 50))).toBe('x'.repeat(MAX_SEARCH_LENGTH));
  // Characters, not UTF-16 units, as the server counts them: no half of a pair is sent.
  expect(searchableText('🌱'.repeat(MAX_SEARCH_LENGTH + 1))).toBe('🌱'.repeat(MAX_SEARCH_LENGTH));
});
