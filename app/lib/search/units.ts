/**
 * Numbers and measurements as a parts catalog writes them: a number and a unit, glued or spaced
 * ("8mm", "8 mm", "8 MM", "0.5 m", "400bar", "20°", "20 deg", `1/4"`, "1/4 in"), read into the
 * canonical unit of their quantity. Search compares measurements in it, and spec values are stored
 * in it (./spec-values.ts), so both sides of a comparison are written the same way.
 */
import { type DecimalComma, foldText } from "./text";

export type Quantity =
  "length" | "pressure" | "angle" | "mass" | "force" | "torque" | "speed" | "power" | "voltage" | "temperature";

/** The unit a quantity is compared and stored in: the unit the catalog rates parts in (Bore in mm, load in kN). */
export const CANONICAL_UNITS = {
  length: "mm",
  pressure: "bar",
  angle: "°",
  mass: "kg",
  force: "kN",
  torque: "Nm",
  speed: "rpm",
  power: "kW",
  voltage: "V",
  temperature: "°C",
} as const satisfies Record<Quantity, string>;

export type CanonicalUnit = (typeof CANONICAL_UNITS)[Quantity];

export type UnitDefinition = {
  quantity: Quantity;
  symbol: string;
  /** Canonical units in one of this unit. */ size: number;
};

// Spellings as folded text has them (lower case), with the unit they stand for. Conversions are
// exact only: SI prefixes and units defined by an exact factor (the inch is 25.4 mm, the pound
// 0.45359237 kg). psi and horsepower are left out: their factors have no finite decimal form, and
// "3000 psi" is better found as typed than as a rounded number of bar. Case is folded, so where a
// spelling is two units the catalog's wins: "nm" is a newton metre, "mpa" a megapascal.
const UNITS: [spellings: string[], UnitDefinition][] = [
  [["mm", "millimetre", "millimetres", "millimeter", "millimeters"], { quantity: "length", symbol: "mm", size: 1 }],
  [["cm"], { quantity: "length", symbol: "cm", size: 10 }],
  [["m", "metre", "metres", "meter", "meters"], { quantity: "length", symbol: "m", size: 1000 }],
  [["µm", "μm", "um", "micron", "microns"], { quantity: "length", symbol: "µm", size: 0.001 }],
  [["in", "inch", "inches", '"'], { quantity: "length", symbol: "in", size: 25.4 }],
  [["ft", "foot", "feet"], { quantity: "length", symbol: "ft", size: 304.8 }],
  [["bar"], { quantity: "pressure", symbol: "bar", size: 1 }],
  [["mbar"], { quantity: "pressure", symbol: "mbar", size: 0.001 }],
  [["pa"], { quantity: "pressure", symbol: "Pa", size: 0.00001 }],
  [["kpa"], { quantity: "pressure", symbol: "kPa", size: 0.01 }],
  [["mpa"], { quantity: "pressure", symbol: "MPa", size: 10 }],
  [["°", "deg", "degree", "degrees"], { quantity: "angle", symbol: "°", size: 1 }],
  [["kg", "kgs", "kilogram", "kilograms"], { quantity: "mass", symbol: "kg", size: 1 }],
  [["g", "gram", "grams"], { quantity: "mass", symbol: "g", size: 0.001 }],
  [["lb", "lbs"], { quantity: "mass", symbol: "lb", size: 0.45359237 }],
  [["kn", "kilonewton", "kilonewtons"], { quantity: "force", symbol: "kN", size: 1 }],
  [["n", "newton", "newtons"], { quantity: "force", symbol: "N", size: 0.001 }],
  [["nm"], { quantity: "torque", symbol: "Nm", size: 1 }],
  [["rpm", "r/min", "1/min"], { quantity: "speed", symbol: "rpm", size: 1 }],
  [["kw"], { quantity: "power", symbol: "kW", size: 1 }],
  [["w", "watt", "watts"], { quantity: "power", symbol: "W", size: 0.001 }],
  [["v", "volt", "volts"], { quantity: "voltage", symbol: "V", size: 1 }],
  [["°c", "degc"], { quantity: "temperature", symbol: "°C", size: 1 }],
];

const UNIT_BY_SPELLING = new Map(UNITS.flatMap(([spellings, unit]) => spellings.map((spelling) => [spelling, unit])));

/** A unit by any of its spellings, in any case ("MM", "kN", "Degrees"). */
export function unitNamed(spelling: string): UnitDefinition | undefined {
  return UNIT_BY_SPELLING.get(foldText(spelling.trim()));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Unit spellings (of one quantity, or all) as regular expression alternatives, longest first ("mm" before "m"). */
export function unitPattern(quantity?: Quantity) {
  return [...UNIT_BY_SPELLING]
    .filter(([, unit]) => !quantity || unit.quantity === quantity)
    .map(([spelling]) => spelling)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");
}

export const UNIT_PATTERN = unitPattern();

/** A number as written: decimal (8, 0.5, 1.25) or a fraction, plain or mixed (1/4, 1 1/4, 1-1/4). */
export const NUMBER_PATTERN = String.raw`\d+(?:[ -]\d+)?\/\d+|\d+(?:[.,]\d+)?`;

// Numbers beyond these are not a measurement anyone types. Refusing them keeps every canonical form
// free of exponents (formatNumber writes up to 20 decimals) and readable back as itself.
const MAX_INTEGER_DIGITS = 15;
const MAX_FRACTION_DIGITS = 20;
/** Canonical values at or above this are refused, so a converted value still reads back. */
export const MAX_MAGNITUDE = 1e15;
const SIGNIFICANT_DIGITS = 12;

/** A number as written, or null. A decimal comma is read only when asked for. */
export function parseNumber(text: string, decimalComma: DecimalComma = "refuse"): number | null {
  const sign = text.startsWith("-") ? -1 : 1;
  const digits = sign < 0 ? text.slice(1) : text;
  const fraction = /^(?:(\d{1,6})[ -])?(\d{1,6})\/(\d{1,6})$/.exec(digits);
  if (fraction) {
    const [, whole = "0", numerator, denominator] = fraction;
    if (Number(denominator) === 0) return null;
    return sign * roundNoise(Number(whole) + Number(numerator) / Number(denominator));
  }
  const decimal = (decimalComma === "decimal" ? /^(\d+)(?:[.,](\d+))?$/ : /^(\d+)(?:\.(\d+))?$/).exec(digits);
  if (!decimal) return null;
  const [, integer, fractionDigits = ""] = decimal;
  if (integer.replace(/^0+(?=\d)/, "").length > MAX_INTEGER_DIGITS || fractionDigits.length > MAX_FRACTION_DIGITS) {
    return null;
  }
  return sign * roundNoise(Number(`${integer}.${fractionDigits || "0"}`));
}

/** Rounds away the noise of binary fractions (3/8 in is 9.525 mm, not 9.524999999999999). */
function roundNoise(value: number) {
  return Number(value.toPrecision(SIGNIFICANT_DIGITS)) || 0;
}

const plainNumber = new Intl.NumberFormat("en-US", { useGrouping: false, maximumFractionDigits: 20 });

/** A number in its canonical form: a decimal point, no grouping, no exponent, no trailing zeros (8, 0.5, 6.35). */
export function formatNumber(value: number) {
  return plainNumber.format(roundNoise(value));
}

/** A measurement for display and storage: "8 mm", "400 bar", and the degree sign glued, "20°". */
export function formatMeasure(value: number, symbol: string) {
  return symbol === "°" ? `${formatNumber(value)}°` : `${formatNumber(value)} ${symbol}`;
}

/** `value` units of `from` in units of `to` (both of one quantity). */
export function convert(value: number, from: UnitDefinition, to: UnitDefinition) {
  return roundNoise((value * from.size) / to.size);
}

export type Measure = {
  quantity: Quantity;
  /** The value in the canonical unit. */
  value: number;
  unit: CanonicalUnit;
  /** The canonical text form: "8 mm", "20°"; it reads back as itself. */
  canonical: string;
};

/** A measure of `value` in `unit` (any unit of the table), in its quantity's canonical unit. */
export function measureOf(value: number, unit: UnitDefinition): Measure {
  const canonicalUnit = CANONICAL_UNITS[unit.quantity];
  const canonicalValue = convert(value, unit, UNIT_BY_SPELLING.get(foldText(canonicalUnit))!);
  return {
    quantity: unit.quantity,
    value: canonicalValue,
    unit: canonicalUnit,
    canonical: formatMeasure(canonicalValue, canonicalUnit),
  };
}

const MEASURE = new RegExp(`^(-?(?:${NUMBER_PATTERN})) ?(${UNIT_PATTERN})$`);

/**
 * A number and a unit, glued or spaced, in any case: "8mm", "8 MM", "0.5 m" (500 mm), `1/4"` (6.35 mm),
 * "20 °", "13500 N" (13.5 kN). Null for anything else, a bare number included: "608" is not 608 mm.
 */
export function parseMeasure(text: string, options: { decimalComma?: DecimalComma } = {}): Measure | null {
  const match = MEASURE.exec(foldText(text).replace(/\s+/g, " ").trim());
  if (!match) return null;
  const value = parseNumber(match[1], options.decimalComma);
  const unit = UNIT_BY_SPELLING.get(match[2]);
  if (value === null || !unit) return null;
  const measure = measureOf(value, unit);
  return Math.abs(measure.value) < MAX_MAGNITUDE ? measure : null;
}
