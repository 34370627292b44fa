/**
 * A spec as one token of the search document (migration 0020): "Bore 8 mm" is `znborezv8zumm`, and
 * its value under any name `zv8zumm`. A measurement search then looks up a token that only parts
 * with that spec hold, instead of a phrase of common tokens ("8", "mm") that every part holds many
 * times: one short posting list for the engine to read, not a hundred thousand position lists.
 *
 * The key is made the same way in SQL (the document triggers) and here (the queries): lower case
 * (ASCII, as SQLite's lower()), every "z" doubled, each separator below written "zp", and the parts
 * joined by "zn", "zv" and "zu" (name, value, unit). A doubled "z" keeps the joins unambiguous. A
 * character not in the list splits the key into tokens, on both sides alike, and the key is
 * matched as a phrase of them. Changing the list needs a migration that rebuilds the documents.
 */
import { foldText, plainTokens } from "./text";

export const SPEC_KEY_SEPARATORS = [
  " ",
  ".",
  ",",
  "-",
  "/",
  "+",
  "(",
  ")",
  ":",
  ";",
  "_",
  "'",
  '"',
  "#",
  "&",
  "*",
  "%",
  "°",
  "×",
  "~",
  "!",
  "?",
  "=",
  "<",
  ">",
  "@",
  "[",
  "]",
  "|",
  "^",
  "$",
] as const;

const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

const escapedForClass = (character: string) => character.replace(/[\\\]^-]/g, "\\$&");
/**
 * Every separator at once: one pass, where SQL replaces them one by one (the same result, as no
 * separator makes another).
 */
const SEPARATORS = new RegExp(`[${SPEC_KEY_SEPARATORS.map(escapedForClass).join("")}]`, "g");

function encoded(text: string) {
  return asciiLower(text).replaceAll("z", "zz").replace(SEPARATORS, "zp");
}

/**
 * The key of a spec's value, under its name or (null) under any name. `unit` undefined leaves the
 * key open after the value, for a prefix match: the value in any unit, or with none.
 */
export function specKey(name: string | null, value: string, unit: string | null | undefined) {
  const valued = `zv${encoded(value)}zu${unit === undefined ? "" : encoded(unit ?? "")}`;
  return name === null ? valued : `zn${encoded(name)}${valued}`;
}

/** A key as the engines' tokenizers split it: one token, unless it holds a character not listed. */
export const specKeyTokens = (key: string) => plainTokens(foldText(key));

/** The same key as an SQL expression over the columns (or expressions) given, for the document triggers. */
export function specKeySql(name: string | null, value: string, unit: string) {
  const sqlEncoded = (expression: string) =>
    SPEC_KEY_SEPARATORS.reduce(
      (inner, separator) => `replace(${inner}, '${separator.replaceAll("'", "''")}', 'zp')`,
      `replace(lower(${expression}), 'z', 'zz')`,
    );
  const valued = `'zv' || ${sqlEncoded(value)} || 'zu' || ${sqlEncoded(`coalesce(${unit}, '')`)}`;
  return name === null ? valued : `'zn' || ${sqlEncoded(name)} || ${valued}`;
}

/**
 * A part's specs as its search document holds them: each spec's name, key, value and unit and its
 * value's key (migration 0020's SPEC_TEXT, which the triggers work out in SQL), in position order.
 * The catalog import writes documents from here, as working the keys out in SQL costs five times
 * what writing the document does.
 */
export function specDocumentText(specs: readonly { name: string; value: string; unit: string | null }[]) {
  return specs.map(specText).join(" ");
}

/**
 * A spec's text, kept for the next part with the same spec: a catalog's parts share a few thousand
 * specs between them, and working the keys out again for each was 2.5 s of a 100,000-part import.
 */
const keptSpecTexts = new Map<string, string>();
const MAX_KEPT_SPEC_TEXTS = 20_000;

function specText(spec: { name: string; value: string; unit: string | null }) {
  const kept = `${spec.name}\u0000${spec.value}\u0000${spec.unit ?? "\u0001"}`;
  let text = keptSpecTexts.get(kept);
  if (text === undefined) {
    text = `${spec.name} ${specKey(spec.name, spec.value, spec.unit)} ${spec.value}${spec.unit === null ? "" : ` ${spec.unit}`} ${specKey(null, spec.value, spec.unit)}`;
    if (keptSpecTexts.size >= MAX_KEPT_SPEC_TEXTS) keptSpecTexts.clear();
    keptSpecTexts.set(kept, text);
  }
  return text;
}
