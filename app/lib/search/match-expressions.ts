/**
 * A query's terms as each database's match expression (docs/decisions/0020-query-reader.md): SQLite
 * FTS5's query syntax over the search document's columns, PostgreSQL's tsquery over its weights
 * (A name and part number, B specs, C category, D description). Pure, so that every form is tested
 * without a database. Tokens are letters and digits only (the reader's plainTokens), so no text a
 * buyer types can reach either engine as an operator.
 */
import type { SpecCondition, Term } from "./terms";
import { foldText, plainTokens } from "./text";

export type MatchDialect = "fts5" | "tsquery";

/** A word typed in the plural also finds the singular ("bearings", "assemblies", "boxes"): no stemmer. */
export function singularOf(token: string): string | null {
  if (!/^\p{L}{4,}$/u.test(token)) return null;
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
  const seen = new Set<string>();
  const phrases = extra.filter((phrase) => !seen.has(phrase.join(" ")) && seen.add(phrase.join(" ")));
  return { ...term, phrases };
}

const tokensOf = (text: string) => plainTokens(foldText(text));

/** The markers around a spec's value in the search document (migration 0020): "bore specvalue 8 mm specend". */
export const SPEC_VALUE = "specvalue";
export const SPEC_END = "specend";

/**
 * The tokens a spec condition is met by in the specs field: "bore specvalue 8 mm specend", or
 * "specvalue 8 mm specend" under any name. The end marker keeps "1" from matching "1.5"; a condition
 * in any unit (undefined) cannot say where the value ends, and matches its start.
 */
function conditionPhrases({ names, values, unit }: SpecCondition): string[][] {
  const ending = unit === undefined ? [] : [...(unit ? tokensOf(unit) : []), SPEC_END];
  const valued = values
    .map((value) => tokensOf(value))
    .filter((tokens) => tokens.length)
    .map((tokens) => [SPEC_VALUE, ...tokens, ...ending]);
  if (!names) return valued;
  return names.flatMap((name) => valued.map((phrase) => [...tokensOf(name), ...phrase]));
}

type Writer = {
  phrase(tokens: string[], prefix: boolean): string;
  key(key: string): string;
  spec(tokens: string[]): string;
  and: string;
  or: string;
};

const WRITERS: Record<MatchDialect, Writer> = {
  fts5: {
    phrase: (tokens, prefix) => `"${tokens.join(" ")}"${prefix ? "*" : ""}`,
    // The part column holds the number's groups and its whole key: a key starts the part number.
    key: (key) => `part : "${key}"*`,
    spec: (tokens) => `specs : "${tokens.join(" ")}"`,
    and: " AND ",
    or: " OR ",
  },
  tsquery: {
    phrase: (tokens, prefix) =>
      tokens.map((token, at) => (prefix && at === tokens.length - 1 ? `${token}:*` : token)).join(" <-> "),
    key: (key) => `${key}:*A`,
    spec: (tokens) => tokens.map((token) => `${token}:B`).join(" <-> "),
    and: " & ",
    or: " | ",
  },
};

const group = (parts: string[], joiner: string) => (parts.length === 1 ? parts[0] : `(${parts.join(joiner)})`);

/**
 * One term: any of its phrases, part-number keys or spec readings (each reading's conditions all).
 * `specsOnly`: a term that has spec readings is met only through them (the tier that ranks a part
 * whose specs match above one whose text happens to hold the same tokens).
 */
export function termExpression(term: Term, dialect: MatchDialect, { specsOnly = false } = {}): string | null {
  const writer = WRITERS[dialect];
  const textToo = !specsOnly || !term.specs.length;
  const alternatives = [
    ...(textToo ? term.phrases.map((tokens) => writer.phrase(tokens, term.prefix)) : []),
    ...(textToo ? term.partNumberKeys.map((key) => writer.key(key)) : []),
    ...term.specs.flatMap((reading) => {
      const conditions = reading.map((condition) => conditionPhrases(condition).map((tokens) => writer.spec(tokens)));
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
 * Every term (`all`) or any of them (`any`), as one expression; null when no term can be written.
 * `specsOnly` as termExpression; null as well when no term has spec readings.
 */
export function matchExpression(
  terms: Term[],
  dialect: MatchDialect,
  join: "all" | "any",
  { specsOnly = false } = {},
): string | null {
  if (specsOnly && !terms.some((term) => term.specs.length)) return null;
  const expressions = terms.map((term) => termExpression(term, dialect, { specsOnly }));
  if (join === "all" && expressions.some((expression) => expression === null)) return null;
  const written = expressions.filter((expression): expression is string => expression !== null);
  if (!written.length) return null;
  const writer = WRITERS[dialect];
  return written.length === 1
    ? written[0]
    : written.map((expression) => `(${expression})`).join(join === "all" ? writer.and : writer.or);
}

/**
 * PostgreSQL's ranking query: every token of the terms' phrases, any of them. ts_rank ranks an AND
 * of phrases by how near their words stand, wherever they are (a description's "spur gear" beside a
 * name's); over an OR it adds up each word found by its weight, so a name outweighs a description,
 * as bm25's column weights do on SQLite.
 */
export function rankingQuery(terms: Term[]): string | null {
  const tokens = new Map<string, boolean>();
  for (const term of terms) {
    for (const phrase of term.phrases) {
      phrase.forEach((token, at) => {
        const prefix = term.prefix && at === phrase.length - 1;
        tokens.set(token, (tokens.get(token) ?? false) || prefix);
      });
    }
  }
  return tokens.size ? [...tokens].map(([token, prefix]) => (prefix ? `${token}:*` : token)).join(" | ") : null;
}
