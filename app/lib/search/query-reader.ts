/**
 * The query reader: a search box's text read into terms (words, part-number fragments, numbers and
 * measurements, and the engineering shorthand of ./shorthand.ts), within bounds that keep any query's
 * cost small. Pure: the matcher turns the terms into SQL (docs/decisions/0020-query-reader.md).
 */
import { partNumberKey } from "~/lib/part-number";

import { FORMS, measurePhrases, type QueryContext, type Reading } from "./shorthand";
import { FASTENER_WORDS, GEAR_WORDS, SPEC_WORDS, type SpecWord } from "./shorthand-tables";
import { type DroppedTerm, makeTerm, MIN_PART_NUMBER_FRAGMENT, MIN_PREFIX_LENGTH, type Term } from "./terms";
import { type DecimalComma, plainTokens, queryText, STOP_WORDS } from "./text";
import { CANONICAL_UNITS, formatNumber, measureOf, unitNamed } from "./units";

export const QUERY_LIMITS = {
  /** Characters read, after folding; the rest is reported as dropped. A search box, not a parts list. */
  maxLength: 200,
  /** Terms matched; each costs index lookups, and eight already describe any one part. */
  maxTerms: 8,
  minPrefixLength: MIN_PREFIX_LENGTH,
  minPartNumberFragment: MIN_PART_NUMBER_FRAGMENT,
} as const;

// Folding can lengthen text (NFKD writes some characters as several), so only this much is folded.
const MAX_INPUT_LENGTH = QUERY_LIMITS.maxLength * 4;

export type QueryReading = {
  /** The query as read: folded, separators as single spaces, within maxLength. Terms' offsets are into it. */
  text: string;
  terms: Term[];
  /** What was left out, in query order, so the page can say so. */
  dropped: DroppedTerm[];
  /** The whole query as one part number (decision 15's exact and starts-with branch). */
  partNumberKey: string;
};

export function readQuery(query: string, options: { decimalComma?: DecimalComma } = {}): QueryReading {
  const full = queryText(query.slice(0, MAX_INPUT_LENGTH), options.decimalComma ?? "refuse");
  const cut = full.length <= QUERY_LIMITS.maxLength ? full.length : cutAt(full, QUERY_LIMITS.maxLength);
  const text = full.slice(0, cut).trimEnd();
  const dropped: DroppedTerm[] = [];
  const terms: Term[] = [];
  for (const found of withSpecWords(scan(text), text)) {
    const span = { text: text.slice(found.start, found.end), start: found.start, end: found.end };
    const word = found.reading.kind === "word" && found.reading.phrases?.[0].length === 1 ? span.text : null;
    if (word !== null && STOP_WORDS.has(word)) dropped.push({ ...span, reason: "stop-word" });
    else if (word !== null && isLoneLetter(word)) dropped.push({ ...span, reason: "too-short" });
    else if (terms.length >= QUERY_LIMITS.maxTerms) dropped.push({ ...span, reason: "too-many-terms" });
    else terms.push(makeTerm(found.reading.kind, span, found.reading));
  }
  if (cut < full.length) {
    dropped.push({ text: full.slice(cut).trim(), start: cut, end: full.length, reason: "too-long" });
  }
  return { text, terms, dropped, partNumberKey: partNumberKey(text) };
}

/** A single letter of an alphabet matches nearly everything; a single Chinese or Japanese character is a word. */
function isLoneLetter(word: string) {
  return (
    [...word].length === 1 && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(word)
  );
}

/** Where to stop reading a long query: at the last space within the limit, or at the limit inside one long token. */
function cutAt(text: string, limit: number) {
  const space = text.lastIndexOf(" ", limit);
  return space > 0 ? space : limit;
}

type Found = { reading: Reading; start: number; end: number };

/** The query's terms in order: at each token, the first form that reads, else the token as plain text. */
function scan(text: string): Found[] {
  const words = new Set(plainTokens(text));
  const context: QueryContext = {
    gear: [...words].some((word) => GEAR_WORDS.has(word)),
    fastener: [...words].some((word) => FASTENER_WORDS.has(word)),
  };
  const found: Found[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === " ") {
      at += 1;
      continue;
    }
    const [reading, end] = readAt(text, at, context);
    if (reading) found.push({ reading, start: at, end });
    at = end;
  }
  return found;
}

function readAt(text: string, at: number, context: QueryContext): [Reading | null, number] {
  for (const { pattern, read } of FORMS) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    const reading = match && read(match, context);
    if (reading) return [reading, at + match[0].length];
  }
  const space = text.indexOf(" ", at);
  const end = space < 0 ? text.length : space;
  return [plainReading(text.slice(at, end)), end];
}

/** A token no form reads: a word, a number that is no plain decimal ("1,000"), or a code. */
function plainReading(token: string): Reading | null {
  const tokens = plainTokens(token);
  if (!tokens.length) return null;
  if (tokens.every((part) => /^\p{L}+$/u.test(part))) return { kind: "word", phrases: [tokens], prefix: true };
  if (tokens.length === 1 && /^\p{N}+$/u.test(tokens[0])) return { kind: "number", phrases: [tokens], keys: [token] };
  const kind = token.split("-").length >= 3 ? "partNumber" : "code";
  return { kind, phrases: [tokens], keys: [token], prefix: true };
}

/**
 * A spec word beside a measurement or a number names its spec, and the two are one term: "8mm bore"
 * and "bore 8" are Bore 8 mm, "2 strands" is Strands 2. The word itself is not required in the text.
 */
function withSpecWords(found: Found[], text: string): Found[] {
  const result: Found[] = [];
  for (let index = 0; index < found.length; index += 1) {
    const item = found[index];
    const after = found[index + 1];
    const before = result[result.length - 1];
    const named = after && pairWithSpec(item, specWordOf(after, text));
    if (named) {
      result.push({ reading: named, start: item.start, end: after.end });
      index += 1;
      continue;
    }
    const namedBefore = before && pairWithSpec(item, specWordOf(before, text));
    if (namedBefore) result.splice(-1, 1, { reading: namedBefore, start: before.start, end: item.end });
    else result.push(item);
  }
  return result;
}

function specWordOf(item: Found, text: string): SpecWord | undefined {
  return item.reading.kind === "word" ? SPEC_WORDS.get(text.slice(item.start, item.end)) : undefined;
}

function pairWithSpec({ reading }: Found, spec: SpecWord | undefined): Reading | null {
  if (!spec) return null;
  if (reading.measure && reading.measure.quantity === spec.quantity) {
    const { measure } = reading;
    return { ...reading, specs: [[{ names: spec.names, values: [formatNumber(measure.value)], unit: measure.unit }]] };
  }
  if (reading.number === undefined) return null;
  const value = formatNumber(reading.number);
  if (spec.quantity === null) {
    return { kind: "number", phrases: reading.phrases, specs: [[{ names: spec.names, values: [value], unit: null }]] };
  }
  const measure = measureOf(reading.number, unitNamed(CANONICAL_UNITS[spec.quantity])!);
  return {
    kind: "measurement",
    phrases: measurePhrases(measure),
    specs: [[{ names: spec.names, values: [value], unit: measure.unit }]],
    measure,
  };
}
