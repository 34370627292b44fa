/**
 * What the query reader hands the matcher: terms, each a set of alternatives in plain tokens, part-number
 * keys and spec conditions, ready for SQLite FTS5 and PostgreSQL tsvector/pg_trgm without any parsing.
 */
import { partNumberKey } from "~/lib/part-number";

export type TermKind =
  /** Letters: "spur", "v belt". */
  | "word"
  /** Letters and digits, or digit groups, that no form below reads: "ucp205", "08b-1", "42crmo4", "32/20-100". */
  | "code"
  /** Three or more groups joined by hyphens, the way part numbers are printed: "gw-sg-m1-20". */
  | "partNumber"
  /** A number alone: "608", "20", "1.5". Never a measurement: 608 is a bearing, not 608 mm. */
  | "number"
  /** A fraction alone: "1/4" (a G 1/4 port, a 1/4 inch hose). */
  | "fraction"
  /** A number and a unit, perhaps with the spec it names: "8mm", "0.5 m", "400bar", "8mm bore". */
  | "measurement"
  /** Sizes joined by x, in mm unless written otherwise: "6x30", "20 x 47 x 14 mm". */
  | "dimensions"
  /** A thread: "m6", "m6x20" (thread and length), "m8x1" (fine pitch), "tr16x4", "g 1/4". */
  | "thread"
  /** A gear module: "module 1", "m1" where gears are meant. */
  | "module"
  | "teeth"
  | "ratio"
  /** A property class: "8.8", "12.9", "a2", "class 8". */
  | "grade"
  /** A bearing number with its seal suffix: "6204 2rs", "6204-2RS", "608rs". */
  | "bearing";

/** A spec a part must have: one of `names` (any name when null) with one of `values`. */
export type SpecCondition = {
  names: string[] | null;
  /** Values in the form specs are stored in (spec-values.ts): "8", "M6", "2RS"; compare text specs without case. */
  values: string[];
  /** The spec's unit: a canonical unit symbol ("mm"), null for a spec without a unit; left out, any unit. */
  unit?: string | null;
};

/**
 * One term of a query. A part matches it when ANY of these holds: its indexed text (name,
 * description, category, spec values) holds one of `phrases`, its part-number key contains one of
 * `partNumberKeys`, or its specs meet every condition of one of `specs`. A part matches a query when
 * it matches every term; a term met through `specs` is a measurement that matches a spec, and ranks
 * the part up.
 */
export type Term = {
  kind: TermKind;
  /** The term as read (folded), `text.slice(start, end)` of the reading. */
  text: string;
  start: number;
  end: number;
  /** Plain tokens (letters and digits, lower case, no accents), each phrase's tokens adjacent and in order. */
  phrases: string[][];
  /** The last token of every phrase may match as a prefix. */
  prefix: boolean;
  /** Part-number keys (partNumberKey: letters and digits), each at least MIN_PART_NUMBER_FRAGMENT long. */
  partNumberKeys: string[];
  /** Readings of the term as specs: alternatives, each a list of conditions that must all hold. */
  specs: SpecCondition[][];
};

/** A part of the query left out; a "too-long" one is the rest of the folded query, past the reading's text. */
export type DroppedTerm = {
  text: string;
  start: number;
  end: number;
  reason: "stop-word" | "too-short" | "too-many-terms" | "too-long";
};

// A key shorter than this matches too much to be meant as a part number ("m6" is a thread size).
export const MIN_PART_NUMBER_FRAGMENT = 3;
/** A shorter token is matched whole: as a prefix, "ab" would fan out into every token starting with it. */
export const MIN_PREFIX_LENGTH = 3;
/** A term's alternatives are bounded, so no query fans out into an unbounded OR. */
export const MAX_PHRASES = 4;
export const MAX_PHRASE_TOKENS = 8;
export const MAX_SPEC_READINGS = 3;

type Alternatives = { phrases?: string[][]; keys?: string[]; specs?: SpecCondition[][]; prefix?: boolean };

/** A term with its alternatives tidied: empty and repeated ones gone, each list within its bound. */
export function makeTerm(
  kind: TermKind,
  span: { text: string; start: number; end: number },
  found: Alternatives,
): Term {
  const phrases = unique(
    (found.phrases ?? []).filter((phrase) => phrase.length).map((phrase) => phrase.slice(0, MAX_PHRASE_TOKENS)),
    (phrase) => phrase.join(" "),
  ).slice(0, MAX_PHRASES);
  const keys = unique((found.keys ?? []).map(partNumberKey), (key) => key).filter(
    (key) => key.length >= MIN_PART_NUMBER_FRAGMENT,
  );
  return {
    kind,
    text: span.text,
    start: span.start,
    end: span.end,
    phrases,
    prefix: Boolean(found.prefix) && phrases.every((phrase) => phrase[phrase.length - 1].length >= MIN_PREFIX_LENGTH),
    partNumberKeys: keys.slice(0, MAX_PHRASES),
    specs: (found.specs ?? []).slice(0, MAX_SPEC_READINGS),
  };
}

/** The items without repeats, the first of each kept, told apart by `keyOf`. */
export function unique<T>(items: T[], keyOf: (item: T) => string) {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(keyOf(item)) && seen.add(keyOf(item)));
}
