import { describe, expect, test } from "vitest";

import { onlyTerm as only, specCondition as spec } from "../../../tests/support/query-terms";
import { readQuery } from "./query-reader";

describe("threads and modules", () => {
  test("M6x20 and M6 x 20 are thread M6, length 20 mm", () => {
    for (const query of ["M6x20", "M6 x 20", "m6×20", "m 6 x 20", "M6*20"]) {
      expect(only(query), query).toMatchObject({
        kind: "thread",
        specs: [[spec(["Thread"], "M6", null), spec(["Length"], "20", "mm")]],
      });
      expect(only(query).phrases, query).toEqual(expect.arrayContaining([["m6", "x", "20"], ["m6x20"]]));
    }
  });

  test("a second number under half the diameter is a fine pitch: M8x1", () => {
    expect(only("m8x1").specs).toEqual([
      [spec(["Thread"], "M8x1", null)],
      [spec(["Thread"], "M8", null), spec(["Pitch"], "1", "mm")],
    ]);
  });

  test("Tr16x4 is a trapezoidal thread 16 with pitch 4", () => {
    for (const query of ["Tr16x4", "tr 16 x 4", "TR16X4"]) {
      expect(only(query), query).toMatchObject({
        kind: "thread",
        partNumberKeys: ["tr16x4"],
        specs: [[spec(["Thread"], "Tr16x4", null)], [spec(["Size"], "16", "mm"), spec(["Pitch"], "4", "mm")]],
      });
    }
  });

  test("G 1/4 is a pipe thread, found in connections and part numbers", () => {
    for (const query of ["G 1/4", "g1/4", "G¼"]) {
      expect(only(query), query).toMatchObject({
        kind: "thread",
        partNumberKeys: ["g14"],
        specs: [[spec(["Connection", "Thread"], "G 1/4", null)]],
      });
      expect(only(query).phrases, query).toContainEqual(["g", "1", "4"]);
    }
  });

  test("m1 and module 1 are Module 1", () => {
    for (const query of ["module 1", "mod 1", "m1 spur gear", "m1 gear"]) {
      const module = readQuery(query).terms.find((term) => term.kind === "module");
      expect(module?.specs, query).toEqual([[spec(["Module"], "1", null)]]);
    }
    expect(only("m1.5")).toMatchObject({ kind: "module", specs: [[spec(["Module"], "1.5", null)]] });
  });

  test("m6 is a thread among fastener words, a module among gear words, and both alone", () => {
    const m6 = (query: string) => readQuery(query).terms.find((term) => term.text === "m6")!;
    expect(m6("m6 bolt")).toMatchObject({ kind: "thread", specs: [[spec(["Thread"], "M6", null)]] });
    expect(m6("m6 rack")).toMatchObject({ kind: "module", specs: [[spec(["Module"], "6", null)]] });
    expect(m6("m6")).toMatchObject({
      kind: "thread",
      specs: [[spec(["Thread"], "M6", null)], [spec(["Module"], "6", null)]],
    });
    // Small sizes read first as modules, and a size that is only a thread is only a thread.
    expect(only("m2")).toMatchObject({
      kind: "module",
      specs: [[spec(["Module"], "2", null)], [spec(["Thread"], "M2", null)]],
    });
    expect(only("m12")).toMatchObject({
      kind: "thread",
      partNumberKeys: ["m12"],
      specs: [[spec(["Thread"], "M12", null)]],
    });
    // M1.6 is no key fragment: "m16" would find M16 part numbers.
    expect(readQuery("m1.6 screw").terms[0]).toMatchObject({
      partNumberKeys: [],
      specs: [[spec(["Thread"], "M1.6", null)]],
    });
    // Neither a standard thread nor a module: a code.
    expect(only("m13").kind).toBe("code");
    // The text alternative stays: a dowel pin's "m6 tolerance" is found either way.
    expect(m6("m6").phrases).toContainEqual(["m6"]);
  });
});

describe("sizes, teeth, ratios, grades and bearings", () => {
  test("6x30 is a size and a length in mm; 20 x 47 x 14 a bearing's bore, outside diameter and width", () => {
    expect(only("6x30")).toMatchObject({
      kind: "dimensions",
      specs: [[spec(["Size", "Bore", "Bore 1"], "6", "mm"), spec(["Length", "Bore 2"], "30", "mm")]],
    });
    expect(only("6 x 30 mm").phrases).toContainEqual(["6", "x", "30"]);
    expect(only("20 x 47 x 14 mm").specs[0]).toEqual([
      spec(["Bore"], "20", "mm"),
      spec(["Outside diameter"], "47", "mm"),
      spec(["Width"], "14", "mm"),
    ]);
    expect(only("16 mm x 0.5 m").specs[0][1]).toEqual(spec(["Length", "Bore 2"], "500", "mm"));
  });

  test("20t and 20 teeth are Teeth 20", () => {
    for (const query of ["20t", "20 teeth", "20-tooth", "teeth 20", "20 T"]) {
      expect(only(query), query).toMatchObject({ kind: "teeth", specs: [[spec(["Teeth"], "20", null)]] });
      expect(only(query).phrases, query).toContainEqual(["20", "teeth"]);
    }
  });

  test("30:1 is a ratio", () => {
    for (const query of ["30:1", "30 : 1"]) {
      expect(only(query), query).toMatchObject({
        kind: "ratio",
        phrases: [["30", "1"]],
        specs: [[spec(["Ratio"], "30:1", null)]],
      });
    }
  });

  test("8.8, 12.9, A2 and class 8 are property classes", () => {
    expect(only("8.8")).toMatchObject({
      kind: "grade",
      phrases: [["8", "8"]],
      specs: [[spec(["Property class"], "8.8", null)]],
    });
    expect(only("12.9").specs).toEqual([[spec(["Property class"], "12.9", null)]]);
    expect(only("grade 10.9").specs).toEqual([[spec(["Property class"], "10.9", null)]]);
    expect(only("class 8").specs).toEqual([[spec(["Property class"], "8", null)]]);
    expect(only("A2").specs).toEqual([
      [{ names: ["Property class"], values: ["A2", "A2-50", "A2-70", "A2-80", "A2-100"], unit: null }],
    ]);
    expect(only("A4-80").specs).toEqual([[spec(["Property class"], "A4-80", null)]]);
    // Not a class: a decimal, and a measurement.
    expect(only("1.5").kind).toBe("number");
    expect(only("8.8 mm").kind).toBe("measurement");
  });

  test("6204 2rs, 6204-2RS and 608rs are bearing numbers with their seal, with or without a separator", () => {
    for (const query of ["6204 2rs", "6204-2RS", "62042rs"]) {
      expect(only(query), query).toMatchObject({ kind: "bearing", partNumberKeys: ["62042rs"] });
      expect(only(query).phrases, query).toContainEqual(["6204", "2rs"]);
    }
    expect(only("608rs")).toMatchObject({ kind: "bearing", partNumberKeys: ["608rs", "6082rs"] });
    expect(only("608rs").phrases).toContainEqual(["608", "2rs"]);
    expect(only("6204 zz").partNumberKeys).toEqual(["6204zz", "62042z"]);
  });
});
