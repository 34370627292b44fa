import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { matchExpression, singularOf, termExpression, withAlternatives } from "./match-expressions";
import { readQuery } from "./query-reader";

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
  ])("%s → %s", (word, singular) => expect(singularOf(word)).toBe(singular));
});

describe("FTS5 expressions", () => {
  test("every term is required; a word is a prefix, and its singular is an alternative", () => {
    expect(matchExpression(terms("spur gears"), "fts5", "all")).toBe('("spur"*) AND (("gears"* OR "gear"*))');
    expect(matchExpression(terms("spur gears"), "fts5", "any")).toBe('("spur"*) OR (("gears"* OR "gear"*))');
  });

  test("a measurement matches its text or the spec it names, with the unit", () => {
    expect(termExpression(terms("8mm bore")[0], "fts5")).toBe(
      '("8 mm" OR "8mm" OR (specs : "bore specvalue 8 mm specend" OR specs : "bore 1 specvalue 8 mm specend" OR ' +
        'specs : "bore 2 specvalue 8 mm specend" OR specs : "nominal size specvalue 8 mm specend"))',
    );
  });

  test("a thread and length must both hold as specs: M6x20 is Thread M6 and Length 20 mm", () => {
    expect(termExpression(terms("m6x20")[0], "fts5")).toContain(
      '(specs : "thread specvalue m6 specend" AND specs : "length specvalue 20 mm specend")',
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
    expect(termExpression(terms("module 1")[0], "fts5")).toContain('specs : "module specvalue 1 specend"');
  });

  test("specs only: a term with spec readings is met through them alone, others as they are", () => {
    expect(matchExpression(terms("spur m1"), "fts5", "all", { specsOnly: true })).toBe(
      '("spur"*) AND (specs : "module specvalue 1 specend")',
    );
    expect(matchExpression(terms("spur gear"), "fts5", "all", { specsOnly: true })).toBeNull();
  });
});

describe("tsquery expressions", () => {
  test("phrases are adjacent lexemes, prefixes :*, specs on weight B, keys on weight A", () => {
    expect(matchExpression(terms("spur gears"), "tsquery", "all")).toBe("(spur:*) & ((gears:* | gear:*))");
    expect(termExpression(terms("20 teeth")[0], "tsquery")).toBe(
      "(20 <-> teeth | 20 <-> tooth | teeth:B <-> specvalue:B <-> 20:B <-> specend:B)",
    );
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
