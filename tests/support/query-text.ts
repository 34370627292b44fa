import fc from "fast-check";

// What buyers type, in pieces: the reader's forms, its joiners, the Unicode that keyboards and
// copied datasheets bring (×, µ, °, ℃, ½, non-breaking and full-width characters), and now and then
// any code point at all, lone surrogates included.
const PIECES = [
  ..."0123456789",
  ..."abgmnrstxz",
  ...["mm", "m", "in", "bar", "kn", "deg", "teeth", "module", "class", "grade", "tr", "rs", "2rs", "zz", "bore"],
  ...[" ", "  ", "-", "/", ".", ",", ":", "°", '"', "'", "*", "×", "µ", "℃", "½", "º", "\u00a0", "\u202f", "\t"],
  ...["８", "ｍ", "Ａ", "é", "ß", "İ", "ﬁ", "ﷺ", "\u0301", "\u200b"],
];

const anyCodePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((code) => (code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code)));

/** Text such as a search box receives, biased towards what the query reader reads. */
export function queryTextArbitrary(maxPieces = 40) {
  return fc
    .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: anyCodePoint }), {
      maxLength: maxPieces,
    })
    .map((pieces) => pieces.join(""));
}
