// Where a search text was found in an order, for the search screen to show it
// (docs/product.md#search): the matched part of a field marked, and for notes, which can be long,
// the few words around the first match.

/** A piece of text, and whether it is the searched text. */
export interface TextPart {
  text: string;
  isMatch: boolean;
}

/** Letters as both databases compare them (A–Z folded); other letters as the browser folds them. */
const fold = (text: string) => text.toLowerCase();

/** Where `needle` occurs in `text`, ignoring case, as the server's `~` compares. */
function findAll(text: string, needle: string): number[] {
  const found: number[] = [];
  const haystack = fold(text);
  const wanted = fold(needle.trim());
  // Folding may change a string's length (İ); then mark nothing rather than the wrong letters.
  if (wanted === '' || haystack.length !== text.length) return found;
  for (let at = haystack.indexOf(wanted); at !== -1; at = haystack.indexOf(wanted, at + wanted.length)) found.push(at);
  return found;
}

/** `text` cut into parts at each occurrence of `needle`: ["Green", *"field"*, "s"]. */
export function markMatches(text: string, needle: string): TextPart[] {
  const length = needle.trim().length;
  const parts: TextPart[] = [];
  let from = 0;
  for (const at of findAll(text, needle)) {
    if (at > from) parts.push({ text: text.slice(from, at), isMatch: false });
    parts.push({ text: text.slice(at, at + length), isMatch: true });
    from = at + length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), isMatch: false });
  return parts;
}

/** Whether `needle` occurs in `text`, ignoring case. */
export function containsText(text: string, needle: string): boolean {
  return findAll(text, needle).length > 0;
}

/**
 * The words around the first match in a note, on one line, with "…" where text was left out:
 * "…ring the bell at the back gate…". Null when the note does not hold the text.
 */
export function matchSnippet(note: string, needle: string, around = 40): TextPart[] | null {
  const flat = note.replace(/\s+/g, ' ');
  const at = findAll(flat, needle)[0];
  if (at === undefined) return null;
  const end = at + needle.trim().length;
  let start = Math.max(0, at - around);
  let stop = Math.min(flat.length, end + around);
  // Whole words at the edges.
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  if (start > at) start = at;
  if (stop < flat.length) {
    const space = flat.lastIndexOf(' ', stop);
    if (space >= end) stop = space;
  }
  const parts = markMatches(flat.slice(start, stop).trim(), needle);
  if (start > 0) parts.unshift({ text: '…', isMatch: false });
  if (stop < flat.length) parts.push({ text: '…', isMatch: false });
  return parts;
}
