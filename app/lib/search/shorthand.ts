/**
 * The forms of engineering shorthand, each a pattern over the query text (as queryText leaves it: lower
 * case, single spaces) and what it reads as. The reader tries them in this order at the start of
 * every token; the first that reads wins, and a form must end where a token ends.
 */
import {
  BOLT_CLASSES,
  GEAR_MODULES,
  METRIC_THREAD_SIZES,
  MODULE_FIRST_UP_TO,
  NUT_CLASSES,
  SEAL_SUFFIXES,
  STAINLESS_STRENGTHS,
} from "./shorthand-tables";
import type { SpecCondition, TermKind } from "./terms";
import { foldText, plainTokens } from "./text";
import { formatNumber, type Measure, measureOf, parseMeasure, parseNumber, unitNamed, unitPattern } from "./units";

/** What the rest of the query says about it: gear words make "m2" a module, fastener words make "m6" a thread. */
export type QueryContext = { gear: boolean; fastener: boolean };

export type Reading = {
  kind: TermKind;
  phrases?: string[][];
  keys?: string[];
  specs?: SpecCondition[][];
  prefix?: boolean;
  /** A measurement's or a number's value, for the reader to pair with a spec word beside it ("8mm bore", "bore 8"). */
  measure?: Measure;
  number?: number;
};

type Form = { pattern: RegExp; read: (match: RegExpExecArray, context: QueryContext) => Reading | null };

const DECIMAL = String.raw`\d+(?:\.\d+)?`;
const FRACTION = String.raw`\d+(?:[ -]\d+)?\/\d+`;
const NUMBER = `(?:${FRACTION}|${DECIMAL})`;
const LENGTH_UNIT = unitPattern("length");

const form = (source: string, read: Form["read"]): Form => ({ pattern: new RegExp(`(?:${source})(?= |$)`, "y"), read });

const spec = (names: string[] | null, value: string, unit: string | null = null): SpecCondition => ({
  names,
  values: [value],
  unit,
});
const mm = (names: string[], value: number) => spec(names, formatNumber(value), "mm");
/** A spec of any name and any unit with this value: a bare number is no particular measurement. */
const anySpec = (value: string): SpecCondition => ({ names: null, values: [value] });
const number = (text: string) => parseNumber(text) ?? NaN;
/** A fraction as specs and descriptions write it: "1/4", "1 1/4". */
const fraction = (text: string) => text.replace("-", " ");

function metricThread([typed, size, second]: RegExpExecArray, context: QueryContext): Reading | null {
  const d = formatNumber(number(size));
  const phrases = [plainTokens(typed)];
  if (second) {
    const value = number(second);
    phrases.push(plainTokens(`m${d} x ${formatNumber(value)}`), plainTokens(`m${d}x${formatNumber(value)}`));
    // A second number under half the diameter is a pitch (M8x1, M10x1.25); anything longer is a length.
    const specs =
      value < number(size) / 2
        ? [[spec(["Thread"], `M${d}x${formatNumber(value)}`)], [spec(["Thread"], `M${d}`), mm(["Pitch"], value)]]
        : [[spec(["Thread"], `M${d}`), mm(["Length"], value)]];
    return { kind: "thread", phrases, specs };
  }
  const thread = METRIC_THREAD_SIZES.has(number(size)) && !(context.gear && !context.fastener);
  const module = GEAR_MODULES.has(number(size)) && !(context.fastener && !context.gear);
  if (!thread && !module) return null;
  const threadReading = { phrases: [plainTokens(`m${d}`)], specs: [spec(["Thread"], `M${d}`)] };
  const moduleReading = { phrases: [plainTokens(`module ${d}`)], specs: [spec(["Module"], d)] };
  const readings = [...(module ? [moduleReading] : []), ...(thread ? [threadReading] : [])];
  if (thread && (!module || number(size) > MODULE_FIRST_UP_TO)) readings.reverse();
  return {
    kind: readings[0] === moduleReading ? "module" : "thread",
    phrases: [...phrases, ...readings.flatMap((reading) => reading.phrases)],
    // Only a whole size is a key fragment: M1.6's "m16" would find M16 part numbers.
    keys: thread && Number.isInteger(number(size)) ? [`m${d}`] : [],
    specs: readings.map((reading) => reading.specs),
  };
}

function trapezoidalThread([typed, size, pitch]: RegExpExecArray): Reading {
  const d = formatNumber(number(size));
  const designation = pitch ? `Tr${d}x${formatNumber(number(pitch))}` : `Tr${d}`;
  return {
    kind: "thread",
    phrases: [plainTokens(designation.toLowerCase()), plainTokens(typed)],
    keys: [designation],
    specs: [
      [spec(["Thread"], designation)],
      pitch ? [mm(["Size"], number(size)), mm(["Pitch"], number(pitch))] : [mm(["Size"], number(size))],
    ],
  };
}

function dimensions(match: RegExpExecArray): Reading | null {
  const [typed, ...groups] = match;
  const sizes = [0, 2, 4].filter((at) => groups[at] !== undefined);
  // A unit written after the last size applies to those written without one: "20 x 47 x 14 mm".
  const lastUnit = unitNamed(groups[sizes[sizes.length - 1] + 1] ?? "mm")!;
  const numbers = sizes.map((at) => parseNumber(groups[at]));
  if (numbers.includes(null)) return null;
  const values = sizes.map(
    (at, index) => measureOf(numbers[index]!, unitNamed(groups[at + 1] ?? "") ?? lastUnit).value,
  );
  const written = values.map(formatNumber);
  const specs =
    values.length === 2
      ? [[mm(["Size", "Bore", "Bore 1"], values[0]), mm(["Length", "Bore 2"], values[1])]]
      : [
          [mm(["Bore"], values[0]), mm(["Outside diameter"], values[1]), mm(["Width"], values[2])],
          [mm(["Size"], values[0]), mm(["Length"], values[2])],
        ];
  return {
    kind: "dimensions",
    phrases: [plainTokens(typed), plainTokens(written.join(" x ")), plainTokens(written.join("x"))],
    specs,
  };
}

/** A measurement as catalog text writes it, spaced and glued: "500 mm", "500mm". */
export function measurePhrases(measure: Measure) {
  const glued = `${formatNumber(measure.value)}${measure.unit}`;
  return [plainTokens(foldText(measure.canonical)), plainTokens(foldText(glued))];
}

function measurement([typed]: RegExpExecArray): Reading | null {
  const measure = parseMeasure(typed);
  if (!measure) return null;
  const value = formatNumber(measure.value);
  // The typed unit both ways too, so "0.5m" and "0.5 m" find the same text ("Roller chain, 5 m").
  const [, number = typed, unit = ""] = /^(.*\d)\s*(\D.*)$/.exec(typed) ?? [];
  return {
    kind: "measurement",
    phrases: [plainTokens(`${number} ${unit}`), plainTokens(`${number}${unit}`), ...measurePhrases(measure)],
    specs: [[spec(null, value, measure.unit)]],
    measure,
  };
}

function grade([typed, named, bare]: RegExpExecArray): Reading | null {
  const value = named ?? bare;
  const stainless = /^a[24]/.test(value);
  const known = stainless || BOLT_CLASSES.has(value) || (named !== undefined && NUT_CLASSES.has(value));
  if (!known) return null;
  const values =
    stainless && !value.includes("-")
      ? [value.toUpperCase(), ...STAINLESS_STRENGTHS.map((strength) => `${value.toUpperCase()}-${strength}`)]
      : [value.toUpperCase()];
  return {
    kind: "grade",
    phrases: [plainTokens(typed), plainTokens(value)],
    specs: [[{ names: ["Property class"], values, unit: null }]],
  };
}

function bearing([typed, code, suffix]: RegExpExecArray): Reading {
  const suffixes = SEAL_SUFFIXES[suffix];
  return {
    kind: "bearing",
    phrases: [plainTokens(typed), ...suffixes.map((listed) => [code, listed])],
    keys: suffixes.map((listed) => `${code}${listed}`),
  };
}

const SEAL = Object.keys(SEAL_SUFFIXES)
  .sort((a, b) => b.length - a.length)
  .join("|");
const GRADE = String.raw`\d{1,2}\.\d|a[24](?:-\d{2,3})?`;

/** The forms in the order they are tried: the more particular first ("16 mm x 500 mm" before "16 mm"). */
export const FORMS: Form[] = [
  form(`m ?(${DECIMAL})(?: ?x ?(${DECIMAL}))?`, metricThread),
  form(`tr ?(\\d+(?:\\.\\d+)?)(?: ?x ?(${DECIMAL}))?`, trapezoidalThread),
  form(`g ?(${FRACTION}|\\d)`, ([typed, size]) => ({
    kind: "thread",
    phrases: [plainTokens(typed), plainTokens(`g ${fraction(size)}`)],
    keys: [`g${size}`],
    specs: [[spec(["Connection", "Thread"], `G ${fraction(size)}`)]],
  })),
  form(`(?:module|modul|mod) ?(${DECIMAL})`, ([typed, size]) => ({
    kind: "module",
    phrases: [plainTokens(typed), plainTokens(`module ${formatNumber(number(size))}`)],
    specs: [[spec(["Module"], formatNumber(number(size)))]],
  })),
  form(`(\\d+)[ -]?(?:teeth|tooth|t)|(?:teeth|tooth) ?(\\d+)`, ([typed, before, after]) => {
    const teeth = formatNumber(number(before ?? after));
    return {
      kind: "teeth",
      phrases: [plainTokens(typed), [teeth, "teeth"], [teeth, "tooth"]],
      specs: [[spec(["Teeth"], teeth)]],
    };
  }),
  form(
    `(${NUMBER})(?: ?(${LENGTH_UNIT}))? ?x ?(${NUMBER})(?: ?(${LENGTH_UNIT}))?(?: ?x ?(${NUMBER})(?: ?(${LENGTH_UNIT}))?)?`,
    dimensions,
  ),
  form(`${NUMBER} ?(?:${unitPattern()})`, measurement),
  form(`(?:property class|grade|class|gr|cl) ?(${GRADE}|\\d{1,2})|(${GRADE})`, grade),
  form(`(${DECIMAL}) ?: ?(${DECIMAL})`, ([typed, a, b]) => ({
    kind: "ratio",
    phrases: [plainTokens(typed)],
    specs: [[spec(["Ratio"], `${formatNumber(number(a))}:${formatNumber(number(b))}`)]],
  })),
  // The shortest number that leaves a whole suffix: "62042rs" is 6204-2RS.
  form(`(\\d{3,5}?)[ -]?(${SEAL})`, bearing),
  form(FRACTION, ([typed]) => ({
    kind: "fraction",
    phrases: [plainTokens(typed)],
    specs: [[anySpec(fraction(typed))]],
  })),
  form(DECIMAL, ([typed]) => ({
    kind: "number",
    number: number(typed),
    phrases: [plainTokens(typed)],
    keys: /^\d+$/.test(typed) ? [typed] : [],
    specs: [[anySpec(formatNumber(number(typed)))]],
  })),
];
