import { describe, expect, test } from "vitest";

import { onlyTerm as only, specCondition as spec } from "../../../tests/support/query-terms";
import { readQuery } from "./query-reader";

const BORE = ["Bore", "Bore 1", "Bore 2", "Nominal size"];

describe("measurements", () => {
  test("a unit glued or spaced is one measurement, in the canonical unit, matched against any spec in that unit", () => {
    for (const query of ["8mm", "8 mm", "8 MM", "0.8 cm"]) {
      expect(only(query), query).toMatchObject({ kind: "measurement", specs: [[spec(null, "8", "mm")]] });
      expect(only(query).phrases, query).toEqual(expect.arrayContaining([["8", "mm"], ["8mm"]]));
    }
    expect(only("400bar")).toMatchObject({ kind: "measurement", specs: [[spec(null, "400", "bar")]] });
    expect(only("0.5 m")).toMatchObject({
      specs: [[spec(null, "500", "mm")]],
      phrases: [["0", "5", "m"], ["0", "5m"], ["500", "mm"], ["500mm"]],
    });
    expect(only("20°")).toMatchObject({ specs: [[spec(null, "20", "°")]] });
    expect(only("20 deg").specs).toEqual(only("20 °").specs);
    expect(only('1/4"')).toMatchObject({ specs: [[spec(null, "6.35", "mm")]] });
    expect(only("3/8 inch").phrases).toContainEqual(["3", "8", "inch"]);
    expect(only("13.5 kN")).toMatchObject({
      specs: [[spec(null, "13.5", "kN")]],
      phrases: [
        ["13", "5", "kn"],
        ["13", "5kn"],
      ],
    });
  });

  test("a spec word beside a measurement or a number names the spec: Bore 8 mm", () => {
    for (const query of ["8mm bore", "8 mm bore", "bore 8mm", "bore 8"]) {
      expect(only(query), query).toMatchObject({ kind: "measurement", specs: [[spec(BORE, "8", "mm")]] });
    }
    expect(only("22mm od").specs).toEqual([[spec(["Outside diameter"], "22", "mm")]]);
    expect(only("400 bar pressure").specs).toEqual([[spec(["Maximum pressure"], "400", "bar")]]);
    expect(only("2 strands")).toMatchObject({ kind: "number", specs: [[spec(["Strands"], "2", null)]] });
    // A spec word of another quantity stays a word of its own.
    expect(readQuery("8 bar bore").terms.map((term) => term.kind)).toEqual(["measurement", "word"]);
  });
});

describe("what is not a measurement", () => {
  test("a number alone is a number word: 608 is a bearing, not 608 mm", () => {
    expect(only("608")).toEqual({
      kind: "number",
      text: "608",
      start: 0,
      end: 3,
      phrases: [["608"]],
      prefix: false,
      partNumberKeys: ["608"],
      specs: [[{ names: null, values: ["608"] }]],
    });
    expect(only("20").partNumberKeys).toEqual([]);
    expect(only("1.5")).toMatchObject({
      kind: "number",
      phrases: [["1", "5"]],
      specs: [[{ names: null, values: ["1.5"] }]],
    });
  });

  test("codes, part numbers and words with digits stay text and part-number fragments", () => {
    expect(only("GW-SG-M1-20")).toMatchObject({
      kind: "partNumber",
      phrases: [["gw", "sg", "m1", "20"]],
      partNumberKeys: ["gwsgm120"],
      specs: [],
    });
    expect(only("ucp205")).toMatchObject({
      kind: "code",
      phrases: [["ucp205"]],
      partNumberKeys: ["ucp205"],
      prefix: true,
    });
    expect(only("08B-1")).toMatchObject({ kind: "code", phrases: [["08b", "1"]], partNumberKeys: ["08b1"] });
    expect(only("HTD 5M".split(" ")[0])).toMatchObject({ kind: "word", phrases: [["htd"]] });
    expect(only("32/20-100")).toMatchObject({ kind: "code", partNumberKeys: ["3220100"] });
    // "1,000" with the decimal comma refused: text, and never a measurement.
    expect(readQuery("0,5 mm").terms.map((term) => [term.kind, term.text])).toEqual([
      ["code", "0,5"],
      ["word", "mm"],
    ]);
    expect(readQuery("0,5 mm", { decimalComma: "decimal" }).terms[0].specs).toEqual([[spec(null, "0.5", "mm")]]);
  });

  test("words are lower case without accents, and match as a prefix from three letters", () => {
    expect(readQuery("Spur GEARS Laufrad Déflecteur").terms.map((term) => term.phrases)).toEqual([
      [["spur"]],
      [["gears"]],
      [["laufrad"]],
      [["deflecteur"]],
    ]);
    expect(only("gear").prefix).toBe(true);
    expect(only("hk").prefix).toBe(false);
    expect(only("V-belt")).toMatchObject({ kind: "word", phrases: [["v", "belt"]], prefix: true });
  });
});

describe("a whole query", () => {
  test("reads words, forms and part numbers in order, each term with its place in the text", () => {
    const reading = readQuery("Spur gear, M1 20T 8mm bore");
    expect(reading.text).toBe("spur gear m1 20t 8mm bore");
    expect(reading.terms.map(({ kind, text, start, end }) => ({ kind, text, start, end }))).toEqual([
      { kind: "word", text: "spur", start: 0, end: 4 },
      { kind: "word", text: "gear", start: 5, end: 9 },
      { kind: "module", text: "m1", start: 10, end: 12 },
      { kind: "teeth", text: "20t", start: 13, end: 16 },
      { kind: "measurement", text: "8mm bore", start: 17, end: 25 },
    ]);
    expect(reading.partNumberKey).toBe("spurgearm120t8mmbore");
  });

  test("every spec name the reader matches is one the catalog has, but for the ratio no demo part carries", async () => {
    const { catalogParts } = await import("../../../scripts/seed/catalog-data");
    const catalogNames = new Set(catalogParts.flatMap((part) => part.specs.map((spec) => spec.name)));
    const queries = [
      "m6x20",
      "m8x1",
      "tr16x4",
      "g1/4",
      "m1",
      "m6",
      "20t",
      "8.8",
      "6x30",
      "20x47x14",
      "30:1",
      "2 strands",
    ];
    const lengthWords = ["bore", "id", "od", "diameter", "width", "length", "thick", "pitch", "size"];
    const others = ["400 bar pressure", "95 nm torque", "13 kn load", "2 kg weight", "20° angle"];
    const names = [...queries, ...lengthWords.map((word) => `8mm ${word}`), ...others].flatMap((query) =>
      readQuery(query).terms.flatMap((term) => term.specs.flat().flatMap((condition) => condition.names ?? [])),
    );
    expect(names.filter((name) => !catalogNames.has(name))).toEqual(["Ratio"]);
  });
});
