/**
 * A query's terms as each database's match expression (docs/decisions/0020-query-reader.md): SQLite
 * FTS5's query syntax over the search document's columns, PostgreSQL's tsquery over its weights
 * (A name and part number, B specs, C category, D description). Pure, so that every form is tested
 * without a database. Tokens are letters and digits only (the reader's plainTokens), so no text a
 * buyer types can reach either engine as an operator.
 */
import { specKey, specKeyTokens } from "./spec-keys";
import { type SpecCondition, type Term, unique } from "./terms";
import { foldText, plainTokens } from "./text";

export type MatchDialect = "fts5" | "tsquery";

// Words whose singular is the plural: "series" is not a "sery".
const SAME_IN_THE_SINGULAR = new Set(["series", "species", "means", "chassis", "apparatus"]);

/** A word typed in the plural also finds the singular ("bearings", "assemblies", "boxes"): no stemmer. */
export function singularOf(token: string): string | null {
  if (!/^\p{L}{4,}$/u.test(token) || SAME_IN_THE_SINGULAR.has(token)) return null;
  if (token.endsWith("ies")) return `${token.slice(0, -3)}y`;
  if (/(?:ch|sh|x|ss)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s") && !token.endsWith("ss")) return token.slice(0, -1);
  return null;
}

/** A term with the singular of its words as more alternatives, and any corrections of its spelling. */
export function withAlternatives(term: Term, corrections: string[] = []): Term {
  if (term.kind !== "word") return term;
  const extra: string[][] = [];
  for (const phrase of [...term.phrases, ...corrections.map((word) => [word])]) {
    const last = phrase[phrase.length - 1];
    const singular = singularOf(last);
    extra.push(phrase);
    if (singular) extra.push([...phrase.slice(0, -1), singular]);
  }
  const phrases = unique(extra, (phrase) => phrase.join(" "));
  return { ...term, phrases };
}

const tokensOf = (text: string) => plainTokens(foldText(text));

/** How many catalog words a typed word may stand for before it is left to the engine as a prefix. */
export const MAX_COMPLETIONS = 12;
// Past this many phrases a term's expression costs more than the engine's own prefix read.
const MAX_COMPLETED_PHRASES = 24;

/**
 * A term whose words are matched as prefixes, with each word's prefix written out as the catalog
 * words it starts ("seal": seal, sealed, seals, sealing), matched whole. Both engines read a prefix
 * by merging every posting list under it before the first match is known; whole words are read
 * lazily, newest first, and stop at the candidate bound. `complete` gives the catalog's words that
 * start a prefix, most used first; a word that starts more than MAX_COMPLETIONS of them (or one with
 * a digit, which the vocabulary never holds) leaves the term to the engine's prefix, unchanged.
 */
export function withCompletions(term: Term, complete: (prefix: string, limit: number) => string[]): Term {
  if (!term.prefix) return term;
  const phrases: string[][] = [];
  for (const phrase of term.phrases) {
    const last = phrase[phrase.length - 1];
    if (!/^\p{L}+$/u.test(last)) return term;
    const words = complete(last, MAX_COMPLETIONS + 1);
    if (words.length > MAX_COMPLETIONS) return term;
    phrases.push(phrase, ...words.map((word) => [...phrase.slice(0, -1), word]));
  }
  const completed = unique(phrases, (phrase) => phrase.join(" "));
  return completed.length > MAX_COMPLETED_PHRASES ? term : { ...term, phrases: completed, prefix: false };
}

/**
 * The spec keys a condition is met by (spec-keys.ts): its value under each of its names, or under
 * any name. A condition in any unit (undefined) matches the keys that start with its value.
 */
function conditionKeys({ names, values, unit }: SpecCondition): { tokens: string[]; prefix: boolean }[] {
  const prefix = unit === undefined;
  return (names ?? [null]).flatMap((name) =>
    values
      .filter((value) => tokensOf(value).length)
      .map((value) => ({ tokens: specKeyTokens(specKey(name, value, unit)), prefix })),
  );
}

/** Where a tier looks for a query's words: the part's name and part number, or those and its specs. */
type WordsIn = "name" | "nameOrSpecs";
const FTS5_COLUMNS: Record<WordsIn, string> = { name: "name part", nameOrSpecs: "name part specs" };
const TSQUERY_WEIGHTS: Record<WordsIn, string> = { name: "A", nameOrSpecs: "AB" };

type Writer = {
  /** A phrase anywhere in the document, or only in the columns `wordsIn` names. */
  phrase(tokens: string[], prefix: boolean, wordsIn: WordsIn | undefined): string;
  key(key: string): string;
  spec(tokens: string[], prefix: boolean): string;
  and: string;
  or: string;
};

const WRITERS: Record<MatchDialect, Writer> = {
  fts5: {
    phrase: (tokens, prefix, wordsIn) =>
      `${wordsIn ? `{${FTS5_COLUMNS[wordsIn]}} : ` : ""}"${tokens.join(" ")}"${prefix ? "*" : ""}`,
    // The part column holds the number's groups and its whole key: a key starts the part number.
    key: (key) => `part : "${key}"*`,
    spec: (tokens, prefix) => `specs : "${tokens.join(" ")}"${prefix ? "*" : ""}`,
    and: " AND ",
    or: " OR ",
  },
  tsquery: {
    phrase: (tokens, prefix, wordsIn) =>
      tokens
        .map((token, at) => {
          const weights = `${prefix && at === tokens.length - 1 ? "*" : ""}${wordsIn ? TSQUERY_WEIGHTS[wordsIn] : ""}`;
          return weights ? `${token}:${weights}` : token;
        })
        .join(" <-> "),
    key: (key) => `${key}:*A`,
    spec: (tokens, prefix) =>
      tokens.map((token, at) => `${token}:${prefix && at === tokens.length - 1 ? "*" : ""}B`).join(" <-> "),
    and: " & ",
    or: " | ",
  },
};

const group = (parts: string[], joiner: string) => (parts.length === 1 ? parts[0] : `(${parts.join(joiner)})`);

/** Where a tier looks for a query's terms (search.server.ts's tiers). */
export type MatchScope = {
  /**
   * A term that has spec readings is met only through them: specs that match rank above text that
   * happens to hold the same tokens.
   */
  specsOnly?: boolean;
  /** Words are met there only (not anywhere in the document: its category and description too). */
  wordsIn?: WordsIn;
};

/** One term: any of its phrases, part-number keys or spec readings (each reading's conditions all), within `scope`. */
export function termExpression(term: Term, dialect: MatchDialect, { specsOnly = false, wordsIn }: MatchScope = {}) {
  const writer = WRITERS[dialect];
  const textToo = !specsOnly || !term.specs.length;
  const alternatives = [
    ...(textToo ? term.phrases.map((tokens) => writer.phrase(tokens, term.prefix, wordsIn)) : []),
    ...(textToo ? term.partNumberKeys.map((key) => writer.key(key)) : []),
    ...term.specs.flatMap((reading) => {
      const conditions = reading.map((condition) =>
        conditionKeys(condition).map(({ tokens, prefix }) => writer.spec(tokens, prefix)),
      );
      if (conditions.some((condition) => !condition.length)) return [];
      return [
        group(
          conditions.map((condition) => group(condition, writer.or)),
          writer.and,
        ),
      ];
    }),
  ];
  return alternatives.length ? group(alternatives, writer.or) : null;
}

/**
 * Every term (`all`) or any of them (`any`), as one expression within `scope`; null when no term can
 * be written, or when the scope is specs only and no term has spec readings.
 */
export function matchExpression(
  terms: Term[],
  dialect: MatchDialect,
  join: "all" | "any",
  scope: MatchScope = {},
): string | null {
  if (scope.specsOnly && !terms.some((term) => term.specs.length)) return null;
  const expressions = terms.map((term) => termExpression(term, dialect, scope));
  if (join === "all" && expressions.some((expression) => expression === null)) return null;
  const written = expressions.filter((expression): expression is string => expression !== null);
  if (!written.length) return null;
  const writer = WRITERS[dialect];
  return written.length === 1
    ? written[0]
    : written.map((expression) => `(${expression})`).join(join === "all" ? writer.and : writer.or);
}
