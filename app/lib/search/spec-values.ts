/**
 * A spec value as it is stored: number and unit apart, the number in its canonical form and in the
 * unit of the spec's template, so "8mm", "8 mm", "8 MM" and "0.8 cm" are all Bore "8" (mm), and
 * search (which reads measurements through the same module) compares like with like. For every write
 * of a spec: the product form, the API and the catalog import.
 */
import { type DecimalComma, foldText } from "./text";
import {
  convert,
  formatMeasure,
  formatNumber,
  MAX_MAGNITUDE,
  NUMBER_PATTERN,
  parseNumber,
  UNIT_PATTERN,
  type UnitDefinition,
  unitNamed,
} from "./units";

export type SpecValueOptions = {
  /** The unit the spec's template gives (any spelling: "mm", "kN", "°"), or none for a text spec. */
  unit?: string | null;
  /** A comma between digits: refused (the default, "1,000" or "1.0"?) or read as the decimal point. */
  decimalComma?: DecimalComma;
};

export type NormalizedSpecValue =
  /** `value` is what is stored (no unit: "8", "16 to 60", "C45 steel"), `text` what is shown ("8 mm"). */
  { ok: true; value: string; unit: string | null; text: string } | { ok: false; error: string };

// A range keeps both ends in the template's unit: "16 to 60" (mm), written "16-60", "16 – 60 mm".
const RANGE_SEPARATOR = / ?(?:\bto\b|-|\.\.) ?/g;

/**
 * A spec value normalised for storage. With a unit: a number, with or without a unit of the same
 * quantity (converted exactly), or a range of two; anything else is refused with a message for the
 * form. Without a unit the value is text, kept as written but for Unicode forms and spaces, and a
 * plain decimal number in its canonical form ("1.50" is "1.5"). Nothing else is guessed: a text spec's
 * "5M" is a belt profile, not five metres.
 */
export function normalizeSpecValue(input: string, options: SpecValueOptions = {}): NormalizedSpecValue {
  const key = `${options.unit ?? ""}\u0000${options.decimalComma ?? "refuse"}\u0000${input}`;
  let normalized = recentlyNormalized.get(key);
  if (!normalized) {
    normalized = Object.freeze(normalizedSpecValue(input, options));
    if (recentlyNormalized.size >= REMEMBERED_VALUES) recentlyNormalized.clear();
    recentlyNormalized.set(key, normalized);
  }
  return normalized;
}

/**
 * Values already read, by what they were read from: a catalog's spec values repeat (a 100,000-part
 * import reads "8 mm" thousands of times), and each reading folds and parses the text. Bounded, and
 * forgotten whole when full.
 */
const recentlyNormalized = new Map<string, NormalizedSpecValue>();
const REMEMBERED_VALUES = 20_000;

function normalizedSpecValue(input: string, options: SpecValueOptions): NormalizedSpecValue {
  const decimalComma = options.decimalComma ?? "refuse";
  const written = input.normalize("NFKC").replace(/\s+/g, " ").trim();
  if (!written) return { ok: false, error: "Enter a value" };
  if (decimalComma === "refuse" && /\d,\d/.test(written)) {
    return { ok: false, error: "Write decimals with a point (8.5), not a comma" };
  }
  if (!options.unit) {
    const number = /^(?:0|[1-9]\d*)(?:[.,]\d+)?$/.test(written) ? parseNumber(written, decimalComma) : null;
    const value = number === null ? written : formatNumber(number);
    return { ok: true, value, unit: null, text: value };
  }
  const unit = unitNamed(options.unit);
  const symbol = unit?.symbol ?? options.unit.trim();
  const read = (part: string) => (unit ? readIn(part, unit, decimalComma) : readPlain(part, symbol, decimalComma));
  const folded = foldText(written).replace(/\s+/g, " ");
  const single = read(folded);
  if (typeof single === "number") return measured(formatNumber(single), symbol);
  for (const separator of folded.matchAll(RANGE_SEPARATOR)) {
    const low = read(folded.slice(0, separator.index));
    const high = read(folded.slice(separator.index + separator[0].length));
    if (typeof low === "number" && typeof high === "number") {
      return measured(`${formatNumber(low)} to ${formatNumber(high)}`, symbol);
    }
  }
  return { ok: false, error: single ?? `Enter a number in ${symbol}, like 8 or ${formatMeasure(8, symbol)}` };
}

function measured(value: string, symbol: string): NormalizedSpecValue {
  return { ok: true, value, unit: symbol, text: symbol === "°" ? `${value}°` : `${value} ${symbol}` };
}

const NUMBER_AND_UNIT = new RegExp(`^(-?(?:${NUMBER_PATTERN}))(?: ?(${UNIT_PATTERN}))?$`);

/** A number in `unit`, converting a written unit of the same quantity; a message for another quantity's unit. */
function readIn(text: string, unit: UnitDefinition, decimalComma: DecimalComma): number | string | null {
  const match = NUMBER_AND_UNIT.exec(text.trim());
  const number = match ? parseNumber(match[1], decimalComma) : null;
  if (!match || number === null) return null;
  const writtenUnit = match[2] ? unitNamed(match[2])! : unit;
  if (writtenUnit.quantity !== unit.quantity) {
    return `${formatMeasure(number, writtenUnit.symbol)} is a ${writtenUnit.quantity}; this spec is in ${unit.symbol}`;
  }
  const value = convert(number, writtenUnit, unit);
  return Math.abs(value) < MAX_MAGNITUDE ? value : null;
}

/** A number, with or without `symbol` after it, for a unit outside the table ("200 HV"): no conversion. */
function readPlain(text: string, symbol: string, decimalComma: DecimalComma): number | null {
  const folded = foldText(symbol);
  const trimmed = text.trim();
  const bare = trimmed.endsWith(folded) ? trimmed.slice(0, -folded.length).trim() : trimmed;
  const number = /^-?[\d.,/ -]+$/.test(bare) ? parseNumber(bare, decimalComma) : null;
  return number !== null && Math.abs(number) < MAX_MAGNITUDE ? number : null;
}
