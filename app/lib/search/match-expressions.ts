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

/** The tokens a spec condition is met by in the specs field: "bore 8 mm", or "8 mm" under any name. */
function conditionPhrases({ names, values, unit }: SpecCondition): string[][] {
  const unitTokens = unit ? tokensOf(unit) : [];
  const valued = values.map((value) => [...tokensOf(value), ...unitTokens]).filter((phrase) => phrase.length);
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

/** One term: any of its phrases, part-number keys or spec readings (each reading's conditions all). */
export function termExpression(term: Term, dialect: MatchDialect): string | null {
  const writer = WRITERS[dialect];
  const alternatives = [
    ...term.phrases.map((tokens) => writer.phrase(tokens, term.prefix)),
    ...term.partNumberKeys.map((key) => writer.key(key)),
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

/** Every term (`all`) or any of them (`any`), as one expression; null when no term can be written. */
export function matchExpression(terms: Term[], dialect: MatchDialect, join: "all" | "any"): string | null {
  const expressions = terms.map((term) => termExpression(term, dialect));
  if (join === "all" && expressions.some((expression) => expression === null)) return null;
  const written = expressions.filter((expression): expression is string => expression !== null);
  if (!written.length) return null;
  const writer = WRITERS[dialect];
  return written.length === 1
    ? written[0]
    : written.map((expression) => `(${expression})`).join(join === "all" ? writer.and : writer.or);
}
