import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { catalogParts } from "../../../scripts/seed/catalog-data";
import { queryTextArbitrary } from "../../../tests/support/query-text";
import { normalizeSpecValue } from "./spec-values";

const stored = (text: string, unit: string | null, decimalComma?: "refuse" | "decimal") => {
  const result = normalizeSpecValue(text, { unit, decimalComma });
  return result.ok ? result.value : result.error;
};

describe("normalizeSpecValue with the template's unit", () => {
  test("number and unit apart: glued, spaced, in capitals or converted, the same stored value", () => {
    for (const text of ["8", "8mm", "8 mm", "8 MM", " 8  mm ", "0.8 cm", "8.0", "8\u00a0mm", "８ｍｍ"]) {
      expect(normalizeSpecValue(text, { unit: "mm" }), text).toEqual({
        ok: true,
        value: "8",
        unit: "mm",
        text: "8 mm",
      });
    }
    expect(normalizeSpecValue("20°", { unit: "°" })).toEqual({ ok: true, value: "20", unit: "°", text: "20°" });
    expect(stored("20 °", "°")).toBe("20");
    expect(stored("20 deg", "°")).toBe("20");
    expect(stored("13500 N", "kN")).toBe("13.5");
    expect(stored("1/4 in", "mm")).toBe("6.35");
    expect(stored("6.35 mm", "in")).toBe("0.25");
    expect(stored("0.5 m", "mm")).toBe("500");
    expect(stored("40 MPa", "bar")).toBe("400");
  });

  test("ranges keep both ends in the unit", () => {
    expect(normalizeSpecValue("16 to 60", { unit: "mm" })).toEqual({
      ok: true,
      value: "16 to 60",
      unit: "mm",
      text: "16 to 60 mm",
    });
    expect(stored("16-60", "mm")).toBe("16 to 60");
    expect(stored("16 – 60 mm", "mm")).toBe("16 to 60");
    expect(stored("1.6cm to 6cm", "mm")).toBe("16 to 60");
    expect(stored("-20 to 120", "°C")).toBe("-20 to 120");
  });

  test("refuses what is not a number in the unit, with a message for the form", () => {
    expect(stored("", "mm")).toBe("Enter a value");
    expect(stored("eight", "mm")).toBe("Enter a number in mm, like 8 or 8 mm");
    expect(stored("8 bar", "mm")).toBe("8 bar is a pressure; this spec is in mm");
    expect(stored("20", "°")).toBe("20");
    expect(stored("M6", "mm")).toBe("Enter a number in mm, like 8 or 8 mm");
    expect(stored("8 mm 9", "mm")).toBe("Enter a number in mm, like 8 or 8 mm");
  });

  test("a decimal comma is refused as ambiguous unless the template reads it as a point", () => {
    expect(stored("8,5", "mm")).toBe("Write decimals with a point (8.5), not a comma");
    expect(stored("1,000", "mm")).toBe("Write decimals with a point (8.5), not a comma");
    expect(stored("8,5", "mm", "decimal")).toBe("8.5");
    expect(stored("8,5 mm", "mm", "decimal")).toBe("8.5");
  });

  test("a unit outside the table is kept as written, without conversion", () => {
    expect(normalizeSpecValue("200 HV", { unit: "HV" })).toEqual({
      ok: true,
      value: "200",
      unit: "HV",
      text: "200 HV",
    });
    expect(stored("200", "HV")).toBe("200");
    expect(stored("200 N", "HV")).toBe("Enter a number in HV, like 8 or 8 HV");
  });
});

describe("normalizeSpecValue without a unit", () => {
  test("text is kept as written but for spaces and Unicode forms; a plain number takes its canonical form", () => {
    expect(stored("  C45   steel ", null)).toBe("C45 steel");
    expect(stored("Ｍ６", null)).toBe("M6");
    expect(stored("1.50", null)).toBe("1.5");
    expect(stored("1,5", null, "decimal")).toBe("1.5");
    expect(stored("1,5", null)).toBe("Write decimals with a point (8.5), not a comma");
    // Codes are not numbers or measurements: a chain size, a belt profile, a tolerance class.
    expect(stored("08", null)).toBe("08");
    expect(stored("06B-1", null)).toBe("06B-1");
    expect(stored("HTD 5M", null)).toBe("HTD 5M");
    expect(stored("5M", null)).toBe("5M");
    expect(stored("m6", null)).toBe("m6");
  });
});

describe("the demo catalog", () => {
  test("every spec value of the demo catalog is already in its normalised form", () => {
    for (const part of catalogParts) {
      for (const spec of part.specs) {
        const result = normalizeSpecValue(spec.value, { unit: spec.unit });
        expect(result, `${part.partNumber} ${spec.name}`).toMatchObject({
          ok: true,
          value: spec.value,
          unit: spec.unit,
        });
      }
    }
  });
});

describe("properties", () => {
  test("normalising twice changes nothing, and nothing throws", () => {
    const units = fc.constantFrom(null, "mm", "°", "kN", "bar", "kg", "Nm", "in", "HV");
    fc.assert(
      fc.property(
        queryTextArbitrary(16),
        units,
        fc.constantFrom("refuse", "decimal") as fc.Arbitrary<"refuse">,
        (text, unit, decimalComma) => {
          const once = normalizeSpecValue(text, { unit, decimalComma });
          if (!once.ok) return;
          expect(normalizeSpecValue(once.value, { unit, decimalComma })).toEqual(once);
          expect(normalizeSpecValue(once.text, { unit, decimalComma })).toEqual(once);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
