import fc from "fast-check";
import { describe, expect, test } from "vitest";

import {
  matchExpression,
  MAX_COMPLETIONS,
  singularOf,
  termExpression,
  withAlternatives,
  withCompletions,
} from "./match-expressions";
import { readQuery } from "./query-reader";
import { specKey, specKeyTokens } from "./spec-keys";

const terms = (query: string) => readQuery(query).terms.map((term) => withAlternatives(term));

describe("singularOf", () => {
  test.each([
    ["bearings", "bearing"],
    ["assemblies", "assembly"],
    ["boxes", "box"],
    ["clutches", "clutch"],
    ["glass", null],
    ["gear", null],
    ["nuts", "nut"],
    ["gas", null],
    ["series", null],
  ])("%s → %s", (word, singular) => expect(singularOf(word)).toBe(singular));
});

describe("FTS5 expressions", () => {
  test("every term is required; a word is a prefix, and its singular is an alternative", () => {
    expect(matchExpression(terms("spur gears"), "fts5", "all")).toBe('("spur"*) AND (("gears"* OR "gear"*))');
    expect(matchExpression(terms("spur gears"), "fts5", "any")).toBe('("spur"*) OR (("gears"* OR "gear"*))');
  });

  test("a measurement matches its text or the spec it names, with the unit", () => {
    expect(termExpression(terms("8mm bore")[0], "fts5")).toBe(
      '("8 mm" OR "8mm" OR (specs : "znborezv8zumm" OR specs : "znborezp1zv8zumm" OR ' +
        'specs : "znborezp2zv8zumm" OR specs : "znnominalzpsizzezv8zumm"))',
    );
  });

  test("a thread and length must both hold as specs: M6x20 is Thread M6 and Length 20 mm", () => {
    expect(termExpression(terms("m6x20")[0], "fts5")).toContain(
      '(specs : "znthreadzvm6zu" AND specs : "znlengthzv20zumm")',
    );
  });

  test("a part number's key starts the part column", () => {
    expect(termExpression(terms("gw-sg-m1")[0], "fts5")).toBe('("gw sg m1" OR part : "gwsgm1"*)');
  });

  test("a misspelt word matches its correction too", () => {
    const [spur, gaer] = readQuery("spur gaer").terms;
    expect(matchExpression([withAlternatives(spur), withAlternatives(gaer, ["gear"])], "fts5", "all")).toBe(
      '("spur"*) AND (("gaer"* OR "gear"*))',
    );
  });
});

describe("spec values are whole", () => {
  test("a value ends where the spec does: module 1 is not Module 1.5", () => {
    // The key of Module 1 (no unit) ends at "zu"; Module 1.5's is znmodulezv1zp5zu.
    expect(termExpression(terms("module 1")[0], "fts5")).toBe('("module 1" OR specs : "znmodulezv1zu")');
  });

  test("specs only: a term with spec readings is met through them alone, others as they are", () => {
    expect(matchExpression(terms("spur m1"), "fts5", "all", { specsOnly: true })).toBe(
      '("spur"*) AND (specs : "znmodulezv1zu")',
    );
    expect(matchExpression(terms("spur gear"), "fts5", "all", { specsOnly: true })).toBeNull();
  });
});

describe("where the words are", () => {
  test("words are met in the columns asked for; spec readings and part-number keys keep their own", () => {
    expect(matchExpression(terms("spur m1"), "fts5", "all", { wordsIn: "name" })).toBe(
      '({name part} : "spur"*) AND (({name part} : "m1" OR {name part} : "module 1" OR specs : "znmodulezv1zu"))',
    );
    expect(matchExpression(terms("spur m1"), "tsquery", "all", { wordsIn: "name", specsOnly: true })).toBe(
      "(spur:*A) & (znmodulezv1zu:B)",
    );
    expect(matchExpression(terms("spur gear"), "tsquery", "all", { wordsIn: "nameOrSpecs" })).toBe(
      "(spur:*AB) & (gear:*AB)",
    );
    expect(termExpression(terms("gw-sg-m1")[0], "fts5", { wordsIn: "nameOrSpecs" })).toBe(
      '({name part specs} : "gw sg m1" OR part : "gwsgm1"*)',
    );
  });
});

describe("tsquery expressions", () => {
  test("phrases are adjacent lexemes, prefixes :*, specs on weight B, keys on weight A", () => {
    expect(matchExpression(terms("spur gears"), "tsquery", "all")).toBe("(spur:*) & ((gears:* | gear:*))");
    expect(termExpression(terms("20 teeth")[0], "tsquery")).toBe("(20 <-> teeth | 20 <-> tooth | znteethzv20zu:B)");
    expect(termExpression(terms("gw-sg-m1")[0], "tsquery")).toBe("(gw <-> sg <-> m1 | gwsgm1:*A)");
  });
});

describe("bounds", () => {
  test("a query that reads to no terms matches nothing rather than everything", () => {
    expect(matchExpression(terms("the a of"), "fts5", "all")).toBeNull();
  });

  test("whatever is typed, an expression holds only letters, digits, spaces and the engines' own operators", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        for (const dialect of ["fts5", "tsquery"] as const) {
          const expression = matchExpression(terms(text), dialect, "all") ?? "";
          const operators =
            dialect === "fts5"
              ? /"[\p{L}\p{N} ]+"\*?|\b(?:AND|OR)\b|[()]|\w+ :/gu
              : /[\p{L}\p{N}]+(?::\*?[AB]?)?|<->|[&|()]/gu;
          expect(expression.replace(operators, "").trim()).toBe("");
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("spec keys", () => {
  test("a doubled z keeps the joins apart; a condition in any unit is a prefix of the key", () => {
    expect(specKey("Size", "Z", "mm")).toBe("znsizzezvzzzumm");
    expect(specKey(null, "8", undefined)).toBe("zv8zu");
    expect(specKey("Thread", "M6", null)).toBe("znthreadzvm6zu");
    expect(matchExpression(terms("m6"), "fts5", "all")).toContain('specs : "znthreadzvm6zu"');
  });

  test("a character outside the separators splits the key on both sides alike", () => {
    expect(specKeyTokens(specKey("Bore", "8", "mm"))).toEqual(["znborezv8zumm"]);
    expect(specKeyTokens(specKey("Angle", "20\\30", null))).toEqual(["znanglezv20", "30zu"]);
  });
});

describe("completions", () => {
  const catalogWords = ["seal", "sealed", "sealing", "seals", "bearing", "bearings", "gear", "gears", "gearbox"];
  const complete = (prefix: string, limit: number) =>
    catalogWords.filter((word) => word.startsWith(prefix)).slice(0, limit);

  test("a prefix is written out as the catalog words it starts, matched whole", () => {
    const [seal] = terms("seal");
    expect(matchExpression([withCompletions(seal, complete)], "fts5", "all")).toBe(
      '("seal" OR "sealed" OR "sealing" OR "seals")',
    );
    expect(matchExpression([withCompletions(seal, complete)], "tsquery", "all")).toBe(
      "(seal | sealed | sealing | seals)",
    );
  });

  test("a word the catalog does not know stays itself; a prefix of too many words, or with a digit, stays a prefix", () => {
    expect(matchExpression([withCompletions(terms("flange")[0], complete)], "fts5", "all")).toBe('"flange"');
    const many = (prefix: string, limit: number) =>
      Array.from({ length: MAX_COMPLETIONS + 5 }, (_, at) => `${prefix}${"abcdefghijklmnopq"[at]}`).slice(0, limit);
    expect(withCompletions(terms("pre")[0], many)).toEqual(terms("pre")[0]);
    expect(withCompletions(terms("abc123x")[0], complete)).toEqual(terms("abc123x")[0]);
  });
});
