/**
 * The characters the sheets' embedded font keeps (docs/decisions/032): Latin with every accent
 * European names use (Polish, Welsh, Czech, Turkish, Vietnamese…), Greek, Cyrillic, and the
 * punctuation and symbols people type into names and notes. scripts/subset-pdf-fonts.ts cuts
 * Noto Sans down to these before it is committed; a character outside them prints as "?".
 * Inclusive [first, last] code points.
 */
export const PDF_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x024f], // Latin-1 Supplement, Latin Extended-A and -B (Ł, ŵ, ŷ, ő, ș)
  [0x02b0, 0x036f], // spacing modifier letters and combining accents
  [0x0370, 0x03ff], // Greek
  [0x0400, 0x052f], // Cyrillic and its supplement
  [0x1e00, 0x1eff], // Latin Extended Additional (Welsh ẁ ẃ ẅ ỳ, Vietnamese)
  [0x2000, 0x206f], // general punctuation: dashes, quotes, bullet, ellipsis
  [0x20a0, 0x20cf], // currency signs (€, ₽, ₴)
  [0x2100, 0x214f], // letterlike symbols (№, ™, ℃)
  [0x2212, 0x2212], // minus sign
  [0xfb00, 0xfb06], // ligatures pasted from documents (ﬁ, ﬂ)
];
