// How long a search text may be: the server refuses a `~`/`!~` value longer than this (LIKE runs
// on the event loop, docs/decisions/010), and the web app never sends one (docs/decisions/058).

/** The most characters (code points) a `~`/`!~` value may have. */
export const MAX_SEARCH_LENGTH = 100;

/** The text as far as a search may take it: its first MAX_SEARCH_LENGTH characters. */
export function searchableText(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_SEARCH_LENGTH ? text : characters.slice(0, MAX_SEARCH_LENGTH).join('');
}
