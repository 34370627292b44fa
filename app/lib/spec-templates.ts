// A category's spec templates: the spec names its parts have, each with a fixed unit (or none) and
// optionally the values it allows. Every write of a part's specs goes through them
// (normalizeSpecs), so "Bore: 8mm" and "Bore: 8 mm" are one filter choice, and "20°" is "20 °".
import { normalizeSpecValue } from "./search/spec-values";
import { foldText } from "./search/text";
import { unitNamed } from "./search/units";

export type SpecTemplate = {
  name: string;
  /** The unit every value is stored in (any spelling of the same quantity is converted), or none. */
  unit: string | null;
  /** The only values allowed, as stored; empty for any. */
  allowedValues: string[];
  /** Read a comma between digits as the decimal point ("0,5 mm"); refused otherwise. */
  decimalComma: boolean;
};

export type SpecRow = { name: string; value: string; unit: string | null };

/** A spec name as templates match it: case and spacing aside ("face width" is "Face width"). */
export const specNameKey = (name: string) => foldText(name).replace(/\s+/g, " ").trim();

/**
 * A category's templates by name key, made once per list of templates: a catalog import reads
 * 100,000 parts' specs through a few lists, and folding every template's name for every part was a
 * tenth of its time.
 */
const templatesByName = new WeakMap<readonly SpecTemplate[], Map<string, SpecTemplate>>();
function templateNamed(templates: readonly SpecTemplate[]) {
  let byName = templatesByName.get(templates);
  if (!byName) {
    byName = new Map(templates.map((template) => [specNameKey(template.name), template]));
    templatesByName.set(templates, byName);
  }
  return byName;
}

/**
 * A part's specs as they are stored: each templated one read in its template's unit (converted from
 * another unit of the same quantity, refused for another quantity), checked against its allowed
 * values and named as the template names it. A spec without a template keeps its value and unit
 * as written, tidied; its number is read only where that cannot go wrong (a unit it was given).
 */
export function normalizeSpecs(
  specs: SpecRow[],
  templates: readonly SpecTemplate[],
): { ok: true; specs: SpecRow[] } | { ok: false; error: string } {
  const byName = templateNamed(templates);
  const stored: SpecRow[] = [];
  for (const spec of specs) {
    const template = byName.get(specNameKey(spec.name));
    const written = spec.unit ? `${spec.value} ${spec.unit}` : spec.value;
    if (!template) {
      const read = normalizeSpecValue(written, { unit: spec.unit });
      // A measurement with a decimal comma is as ambiguous here as in a template ("1,000 mm").
      if (!read.ok && spec.unit && /\d,\d/.test(spec.value)) return { ok: false, error: `${spec.name}: ${read.error}` };
      stored.push(read.ok ? { name: spec.name.trim(), value: read.value, unit: read.unit } : tidy(spec));
      continue;
    }
    const read = normalizeSpecValue(written, {
      unit: template.unit,
      decimalComma: template.decimalComma ? "decimal" : "refuse",
    });
    if (!read.ok) return { ok: false, error: `${template.name}: ${read.error}` };
    if (template.allowedValues.length && !template.allowedValues.includes(read.value)) {
      return { ok: false, error: `${template.name}: choose one of ${template.allowedValues.join(", ")}` };
    }
    stored.push({ name: template.name, value: read.value, unit: read.unit });
  }
  return { ok: true, specs: stored };
}

function tidy(spec: SpecRow): SpecRow {
  const space = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ").trim();
  return { name: space(spec.name), value: space(spec.value), unit: spec.unit ? space(spec.unit) : null };
}

/**
 * Templates read off the specs a category's parts already have: each name in order of first use,
 * with the unit most of its values carry when that is a unit of the table (mm, bar, °…), else none.
 * For a catalog that had no templates (migration 0024) and the demo catalog (the seed).
 */
export function inferTemplates(specs: readonly { name: string; unit: string | null; position: number }[]) {
  const byName = new Map<string, { name: string; position: number; units: Map<string, number>; plain: number }>();
  for (const spec of specs) {
    const key = specNameKey(spec.name);
    const entry = byName.get(key) ?? { name: spec.name.trim(), position: spec.position, units: new Map(), plain: 0 };
    entry.position = Math.min(entry.position, spec.position);
    const unit = spec.unit ? unitNamed(spec.unit)?.symbol : undefined;
    if (unit) entry.units.set(unit, (entry.units.get(unit) ?? 0) + 1);
    else entry.plain += 1;
    byName.set(key, entry);
  }
  return [...byName.values()]
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map(({ name, units, plain }): SpecTemplate => {
      const [unit, count] = [...units].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
      return { name, unit: unit && count >= plain ? unit : null, allowedValues: [], decimalComma: false };
    });
}

/**
 * The staff page's text: one spec per line, "Name", "Name (unit)", and after " = " the values it
 * allows, separated by " | " ("Material = C45 steel | POM").
 */
export function templateLinesText(templates: readonly SpecTemplate[]) {
  return templates
    .map(
      (template) =>
        `${template.name}${template.unit ? ` (${template.unit})` : ""}` +
        (template.allowedValues.length ? ` = ${template.allowedValues.join(" | ")}` : ""),
    )
    .join("\n");
}

export const MAX_TEMPLATES = 20;
const TEMPLATE_LINE = /^([^()=|]{1,40}?)\s*(?:\(([^()]{1,12})\))?\s*(?:=\s*(.+))?$/;

/** The staff page's text read back, each unit one of the table's, or the first line that is not. */
export function parseTemplateLines(
  text: string,
  decimalComma: boolean,
): { templates: SpecTemplate[] } | { error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_TEMPLATES) return { error: `At most ${MAX_TEMPLATES} specs per category` };
  const templates: SpecTemplate[] = [];
  for (const [index, line] of lines.entries()) {
    const match = TEMPLATE_LINE.exec(line);
    const where = `Line ${index + 1}`;
    if (!match) return { error: `${where}: write it as “Name”, “Name (unit)” or “Name = value | value”` };
    const [, name, unitText, valuesText] = match;
    const unit = unitText ? unitNamed(unitText) : undefined;
    if (unitText && !unit)
      return { error: `${where}: “${unitText}” is not a unit the catalog knows (mm, bar, °, kN…)` };
    if (templates.some((template) => specNameKey(template.name) === specNameKey(name))) {
      return { error: `${where}: “${name.trim()}” is listed twice` };
    }
    const allowedValues: string[] = [];
    for (const value of valuesText
      ? valuesText
          .split("|")
          .map((part) => part.trim())
          .filter(Boolean)
      : []) {
      const read = normalizeSpecValue(value, {
        unit: unit?.symbol ?? null,
        decimalComma: decimalComma ? "decimal" : "refuse",
      });
      if (!read.ok) return { error: `${where}: ${value}: ${read.error}` };
      if (!allowedValues.includes(read.value)) allowedValues.push(read.value);
    }
    templates.push({ name: name.trim(), unit: unit?.symbol ?? null, allowedValues, decimalComma });
  }
  return { templates };
}
