/**
 * Text as search compares it: one folding for queries, spec values and the spelling vocabulary, so a
 * word typed with an accent, in full-width digits or with a non-breaking space meets the same word
 * in the catalog.
 */

/** What a query's comma between two digits means: refused as ambiguous (1,000 or 1.0?) or a decimal point. */
export type DecimalComma = "refuse" | "decimal";

/**
 * Compatibility forms apart (full-width digits, ligatures, ℃, ½, non-breaking and narrow spaces),
 * accents off, the look-alike signs engineers type for ×, ″, ° and − made one, and lower case.
 */
export function foldText(text: string) {
  return (
    text
      // Before NFKD, which reads the ordinal º (a common stand-in for °) as the letter o.
      .replace(/[º˚]/g, "°")
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .normalize("NFC")
      .replace(/[×✕✖⨯]/g, "x")
      .replace(/[⁄∕]/g, "/")
      .replace(/[″“”„]/g, '"')
      .replace(/[‐‑‒–—−]/g, "-")
      .toLowerCase()
  );
}

/**
 * The tokens a full-text index holds for a text: runs of letters and digits, as SQLite FTS5's
 * unicode61 tokenizer splits them ("6204-2RS" is 6204 and 2rs, "0.5" is 0 and 5). Anything else is a
 * separator, so a token can never carry an engine's operator.
 */
export function plainTokens(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A query folded, then reduced to letters, digits and single spaces, keeping only the joiners that
 * mean something between the characters they join: a decimal point or comma between digits, a hyphen
 * or slash inside a code (6204-2rs, 32/20-100, 1/4), a colon in a ratio (30:1), ° and the inch mark
 * after a number. Everything else (quotes, brackets, +, *, a sentence's full stop) separates.
 */
export function queryText(query: string, decimalComma: DecimalComma) {
  return foldText(query)
    .replace(/(?<=\d),(?=\d)/g, decimalComma === "decimal" ? "." : ",")
    .replace(/(?<=\d) ?\* ?(?=\d)/g, "x")
    .replace(/[^\p{L}\p{N}.,\-/:°"]/gu, " ")
    .replace(/(?<!\d)[.,]|[.,](?!\d)/g, " ")
    .replace(/(?<![\p{L}\p{N}])[-/]|[-/](?![\p{L}\p{N}])/gu, " ")
    .replace(/(?<!\d ?):|:(?! ?\d)/g, " ")
    .replace(/(?<!\d ?)°/g, " ")
    .replace(/(?<!\d)"/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Words a search leaves out: they are in nearly every description, so requiring them finds nothing
 * more and costs a lookup each. "in" is an inch only after a number, which the reader sees first.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "by",
  "for",
  "from",
  "in",
  "into",
  "is",
  "it",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);
