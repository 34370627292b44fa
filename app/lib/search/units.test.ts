import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { catalogParts } from "../../../scripts/seed/catalog-data";
import { queryTextArbitrary } from "../../../tests/support/query-text";
import { CANONICAL_UNITS, formatNumber, parseMeasure, parseNumber, unitNamed } from "./units";

const canonical = (text: string) => parseMeasure(text)?.canonical ?? null;

describe("parseMeasure", () => {
  test("reads a number and a unit glued, spaced or in capitals as one measurement", () => {
    for (const text of ["8mm", "8 mm", "8 MM", "8 Mm", "8 millimetres", "0.8 cm", "0.008 m", "8000 µm"]) {
      expect(parseMeasure(text), text).toEqual({ quantity: "length", value: 8, unit: "mm", canonical: "8 mm" });
    }
    expect(canonical("400bar")).toBe("400 bar");
    expect(canonical("40 MPa")).toBe("400 bar");
    expect(canonical("250 kPa")).toBe("2.5 bar");
    expect(canonical("13500 N")).toBe("13.5 kN");
    expect(canonical("13.5kN")).toBe("13.5 kN");
    expect(canonical("95 Nm")).toBe("95 Nm");
    expect(canonical("260 g")).toBe("0.26 kg");
    expect(canonical("2.4kg")).toBe("2.4 kg");
    expect(canonical("1500 rpm")).toBe("1500 rpm");
    expect(canonical("750 W")).toBe("0.75 kW");
    expect(canonical("24 V")).toBe("24 V");
    expect(canonical("60 °C")).toBe("60 °C");
  });

  test("an angle is the same glued, spaced or spelled out, and shown glued", () => {
    for (const text of ["20°", "20 °", "20 deg", "20 degrees", "20º", "20˚"]) {
      expect(parseMeasure(text), text).toEqual({ quantity: "angle", value: 20, unit: "°", canonical: "20°" });
    }
  });

  test("converts only where the factor is exact: metric prefixes, the inch, the foot, the pound", () => {
    expect(canonical("0.5 m")).toBe("500 mm");
    expect(canonical("1 in")).toBe("25.4 mm");
    expect(canonical('1/4"')).toBe("6.35 mm");
    expect(canonical("1/4 in")).toBe("6.35 mm");
    expect(canonical("3/8 inch")).toBe("9.525 mm");
    expect(canonical("1 1/4 in")).toBe("31.75 mm");
    expect(canonical("1-1/4 in")).toBe("31.75 mm");
    expect(canonical("1 ft")).toBe("304.8 mm");
    expect(canonical("1 lb")).toBe("0.45359237 kg");
    // psi and horsepower have no exact factor: they stay words for the text search.
    expect(parseMeasure("3000 psi")).toBeNull();
    expect(parseMeasure("2 hp")).toBeNull();
  });

  test("a bare number, a unit alone or a code is no measurement", () => {
    for (const text of ["608", "8", "0.5", "mm", "M6", "6204-2RS", "8 mm bore", "8 bananas", "", " "]) {
      expect(parseMeasure(text), text).toBeNull();
    }
  });

  test("a decimal comma is read only when asked for", () => {
    expect(parseMeasure("0,5 m")).toBeNull();
    expect(parseMeasure("0,5 m", { decimalComma: "decimal" })?.canonical).toBe("500 mm");
  });

  test("reads Unicode as typed on any keyboard: full-width digits, non-breaking spaces, µ, ℃, ½", () => {
    expect(canonical("８ｍｍ")).toBe("8 mm");
    expect(canonical("8\u00a0mm")).toBe("8 mm");
    expect(canonical("8\u202fmm")).toBe("8 mm");
    expect(canonical("8 µm")).toBe("0.008 mm");
    expect(canonical("8 μm")).toBe("0.008 mm");
    expect(canonical("60 ℃")).toBe("60 °C");
    expect(canonical('½"')).toBe("12.7 mm");
  });

  test("the canonical form reads back as itself, whatever was written", () => {
    const spellings = ["mm", "cm", "m", "µm", "in", '"', "ft", "bar", "mbar", "Pa", "kPa", "MPa", "°", "deg", "kg"];
    const more = ["g", "lb", "kN", "N", "Nm", "rpm", "kW", "W", "V", "°C"];
    const number = fc.oneof(
      fc.tuple(fc.nat({ max: 999_999_999 }), fc.nat({ max: 999_999 })).map(([whole, part]) => `${whole}.${part}`),
      fc.tuple(fc.nat({ max: 99 }), fc.integer({ min: 1, max: 64 })).map(([top, bottom]) => `${top}/${bottom}`),
      fc.nat().map(String),
    );
    fc.assert(
      fc.property(number, fc.constantFrom(...spellings, ...more), fc.constantFrom("", " "), (value, unit, gap) => {
        const measure = parseMeasure(`${value}${gap}${unit}`);
        if (!measure) return;
        expect(parseMeasure(measure.canonical)).toEqual(measure);
        expect(measure.canonical).not.toMatch(/e/i);
      }),
      { numRuns: 3000 },
    );
  });

  test("never throws, whatever the text", () => {
    fc.assert(
      fc.property(queryTextArbitrary(12), (text) => {
        parseMeasure(text);
        parseMeasure(text, { decimalComma: "decimal" });
      }),
      { numRuns: 2000 },
    );
  });
});

describe("numbers", () => {
  test("decimals and fractions, without binary noise, without exponents", () => {
    expect(parseNumber("8")).toBe(8);
    expect(parseNumber("1.50")).toBe(1.5);
    expect(parseNumber("1/4")).toBe(0.25);
    expect(parseNumber("1 1/2")).toBe(1.5);
    expect(parseNumber("-20")).toBe(-20);
    expect(parseNumber("1/0")).toBeNull();
    expect(parseNumber("8,5")).toBeNull();
    expect(parseNumber("8,5", "decimal")).toBe(8.5);
    expect(parseNumber("1e3")).toBeNull();
    expect(parseNumber("1234567890123456")).toBeNull();
    expect(formatNumber(0.375 * 25.4)).toBe("9.525");
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
    expect(formatNumber(1e-9)).toBe("0.000000001");
    expect(formatNumber(123456789012)).toBe("123456789012");
    expect(formatNumber(-0)).toBe("0");
  });
});

describe("the catalog's units", () => {
  test("every unit the demo catalog rates a spec in is its quantity's canonical unit", () => {
    const units = new Set(catalogParts.flatMap((part) => part.specs.flatMap((spec) => (spec.unit ? [spec.unit] : []))));
    expect([...units].sort()).toEqual(["Nm", "bar", "kN", "kg", "mm", "°"]);
    for (const unit of units) {
      const definition = unitNamed(unit)!;
      expect(CANONICAL_UNITS[definition.quantity], unit).toBe(unit);
      expect(definition.size).toBe(1);
    }
  });
});
