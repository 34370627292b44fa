import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { queryTextArbitrary } from "../../../tests/support/query-text";
import { QUERY_LIMITS, readQuery } from "./query-reader";
import { makeTerm, MAX_PHRASE_TOKENS, MAX_PHRASES, MAX_SPEC_READINGS } from "./terms";
import { foldText } from "./text";

describe("bounds", () => {
  test("a query longer than 200 characters is read up to the last whole token within them; the rest is dropped", () => {
    const query = Array.from({ length: 60 }, (_, index) => `w${index}x`).join(" ");
    const reading = readQuery(query);
    expect(reading.text.length).toBeLessThanOrEqual(QUERY_LIMITS.maxLength);
    expect(query.startsWith(reading.text)).toBe(true);
    const tooLong = reading.dropped.find((dropped) => dropped.reason === "too-long")!;
    expect(`${reading.text} ${tooLong.text}`).toBe(query);
  });

  test("one token longer than the limit is cut at the limit", () => {
    const reading = readQuery("a".repeat(1_000));
    expect(reading.text).toBe("a".repeat(200));
    expect(reading.terms).toHaveLength(1);
    expect(reading.dropped).toEqual([{ text: "a".repeat(600), start: 200, end: 800, reason: "too-long" }]);
  });

  test("of 50 terms the first 8 are matched and the rest reported", () => {
    const words = Array.from({ length: 50 }, (_, index) => `w${index}`);
    const query = words.join(" ");
    expect(query.length).toBeLessThan(QUERY_LIMITS.maxLength);
    const reading = readQuery(query);
    expect(reading.terms.map((term) => term.text)).toEqual(words.slice(0, QUERY_LIMITS.maxTerms));
    expect(reading.dropped.map((dropped) => dropped.text)).toEqual(words.slice(QUERY_LIMITS.maxTerms));
    expect(new Set(reading.dropped.map((dropped) => dropped.reason))).toEqual(new Set(["too-many-terms"]));
  });

  test("single letters and stop words are left out, reported, and count against no bound", () => {
    const reading = readQuery("a b c bearing for the x shaft");
    expect(reading.terms.map((term) => term.text)).toEqual(["bearing", "shaft"]);
    expect(reading.dropped.map(({ text, reason }) => [text, reason])).toEqual([
      ["a", "stop-word"],
      ["b", "too-short"],
      ["c", "too-short"],
      ["for", "stop-word"],
      ["the", "stop-word"],
      ["x", "too-short"],
    ]);
    expect(readQuery("歯車 𝐱").terms.map((term) => term.text)).toEqual(["歯車"]);
    expect(readQuery("歯 x").terms.map((term) => term.text)).toEqual(["歯"]);
    // A letter inside a form is part of it: m 6, g 1/4, 20 t.
    expect(readQuery("m 6 g 1/4 20 t").terms.map((term) => term.kind)).toEqual(["thread", "thread", "teeth"]);
  });

  test("a word shorter than three letters is matched whole, never as a prefix", () => {
    const reading = readQuery("hk ab gear");
    expect(reading.terms.map((term) => [term.text, term.prefix])).toEqual([
      ["hk", false],
      ["ab", false],
      ["gear", true],
    ]);
  });

  test("a term's alternatives are tidied and capped, whatever a form proposes", () => {
    const many = Array.from({ length: 10 }, (_, index) => `t${index}`);
    const term = makeTerm(
      "code",
      { text: "t", start: 0, end: 1 },
      {
        phrases: [[], ...many.map((token) => [token]), ["t0"], many],
        keys: ["ab", "A-B-C", "abc", ...many.map((token) => `${token}xyz`)],
        specs: many.map((value) => [{ names: null, values: [value] }]),
        prefix: true,
      },
    );
    expect(term.phrases).toEqual(many.slice(0, MAX_PHRASES).map((token) => [token]));
    expect(term.partNumberKeys).toEqual(["abc", "t0xyz", "t1xyz", "t2xyz"]);
    expect(term.specs).toHaveLength(MAX_SPEC_READINGS);
    expect(term.prefix).toBe(false);
    expect(makeTerm("code", term, { phrases: [many] }).phrases).toEqual([many.slice(0, MAX_PHRASE_TOKENS)]);
  });

  test("nothing to read is no terms", () => {
    for (const query of ["", "   ", "\u00a0", "!!!", "- / . , :", "°", '"']) {
      expect(readQuery(query), JSON.stringify(query)).toMatchObject({ terms: [], partNumberKey: "" });
    }
  });
});

describe("Unicode", () => {
  test("×, µ, °, ℃, ½, non-breaking spaces, full-width digits and accents read as their plain forms", () => {
    const read = (query: string) => readQuery(query).terms.map((term) => [term.kind, term.specs]);
    expect(read("6×30")).toEqual(read("6x30"));
    expect(read("M6×20")).toEqual(read("m6x20"));
    expect(read("8\u00a0mm")).toEqual(read("8 mm"));
    expect(read("8\u202fmm bore")).toEqual(read("8 mm bore"));
    expect(read("８ｍｍ")).toEqual(read("8mm"));
    expect(read("Ｍ６×２０")).toEqual(read("m6x20"));
    expect(read("20º")).toEqual(read("20°"));
    expect(read("5 ℃")).toEqual(read("5 °c"));
    expect(read('½"')).toEqual(read('1/2"'));
    expect(readQuery("8 µm").terms[0].specs).toEqual([[{ names: null, values: ["0.008"], unit: "mm" }]]);
    expect(readQuery("Kugellager für Wellen").terms.map((term) => term.text)).toEqual(["kugellager", "fur", "wellen"]);
    expect(readQuery("ﬁtting").terms[0].text).toBe("fitting");
  });
});

const PLAIN_TOKEN = /^[\p{L}\p{N}]+$/u;

describe("properties", () => {
  test("whatever the text, the reading stays within its bounds and hands the matcher only plain tokens", () => {
    fc.assert(
      fc.property(fc.oneof(queryTextArbitrary(), queryTextArbitrary(300), fc.string({ maxLength: 300 })), (query) => {
        const reading = readQuery(query);
        expect(reading.text.length).toBeLessThanOrEqual(QUERY_LIMITS.maxLength);
        expect(reading.terms.length).toBeLessThanOrEqual(QUERY_LIMITS.maxTerms);
        expect(reading.partNumberKey).toMatch(/^[a-z0-9]*$/);
        let previousEnd = 0;
        for (const term of reading.terms) {
          expect(reading.text.slice(term.start, term.end)).toBe(term.text);
          expect(term.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = term.end;
          expect(term.phrases.length).toBeLessThanOrEqual(MAX_PHRASES);
          expect(term.specs.length).toBeLessThanOrEqual(MAX_SPEC_READINGS);
          expect(term.partNumberKeys.length).toBeLessThanOrEqual(MAX_PHRASES);
          for (const phrase of term.phrases) {
            expect(phrase.length).toBeGreaterThan(0);
            expect(phrase.length).toBeLessThanOrEqual(MAX_PHRASE_TOKENS);
            for (const token of phrase) expect(token).toMatch(PLAIN_TOKEN);
            for (const token of phrase) expect(token).toBe(token.toLowerCase());
            if (term.prefix)
              expect(phrase[phrase.length - 1].length).toBeGreaterThanOrEqual(QUERY_LIMITS.minPrefixLength);
          }
          for (const key of term.partNumberKeys) expect(key).toMatch(/^[a-z0-9]{3,}$/);
          for (const condition of term.specs.flat()) expect(condition.values.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });

  test("the text a reading reports reads the same again", () => {
    fc.assert(
      fc.property(fc.oneof(queryTextArbitrary(), fc.string({ maxLength: 60 })), (query) => {
        const reading = readQuery(query);
        expect(readQuery(reading.text).terms).toEqual(reading.terms);
      }),
      { numRuns: 3000 },
    );
  });

  test("folding is idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(queryTextArbitrary(), fc.string({ unit: "grapheme", maxLength: 20 })), (text) => {
        expect(foldText(foldText(text))).toBe(foldText(text));
      }),
      { numRuns: 3000 },
    );
  });
});
