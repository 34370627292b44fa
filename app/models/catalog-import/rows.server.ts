// What each row of a catalog file asks for: read from the file under the product form's rules and its
// category's spec templates (the check), or read back from what the check kept (the apply).

import { type Executor } from "~/db/db.server";
import { normalizeSpecs, type SpecTemplate } from "~/lib/spec-templates";
import { listCategories } from "~/models/catalog";
import { catalogFieldsFromForm, itemChangesFromForm } from "~/models/item";
import { allSpecTemplates } from "~/models/spec-templates.server";
import type { ImportRefusal, ImportRow } from "~/validation/catalog-import";

import { type WantedPart } from "./summary";

/** What every batch's comparison needs: categories by slug and id, and each category's spec templates. */
export async function importContext(executor: Executor) {
  const [categories, templates] = await Promise.all([listCategories({ executor }), allSpecTemplates({ executor })]);
  const idOfSlug = new Map(categories.map((category) => [category.slug, category.id]));
  const slugOfId = new Map(categories.map((category) => [category.id, category.slug]));
  return {
    idOfSlug,
    categoryExists: (id: number | null) => id === null || slugOfId.has(id),
    categorySlug: (id: number | null) => (id === null ? "" : (slugOfId.get(id) ?? String(id))),
    templatesOf: (categoryId: number | null): SpecTemplate[] =>
      categoryId === null ? [] : (templates.get(categoryId) ?? []),
  };
}
export type ImportContext = Awaited<ReturnType<typeof importContext>>;

/** A row of the file as a part: what it asks for, or why it cannot be one. */
export type WantedRow =
  | { line: number; refusals: ImportRefusal[] }
  | { line: number; partNumber: string; wanted: WantedPart; refusals?: undefined };

/** A file's row as the part it asks for: its category found by slug, specs read through its templates. */
export function wantedFromFile(row: ImportRow, context: ImportContext): WantedRow {
  const refusals: ImportRefusal[] = [];
  const refuse = (column: ImportRefusal["column"], reason: string) =>
    refusals.push({ line: row.line, column, reason, partNumber: row.values.partNumber });
  let categoryId: number | null = null;
  if (row.categorySlug) {
    categoryId = context.idOfSlug.get(row.categorySlug) ?? null;
    if (categoryId === null) {
      refuse("category", `There is no category “${row.categorySlug}”: use a category’s slug, as the export writes it`);
    }
  }
  const specs = normalizeSpecs(row.values.specs, context.templatesOf(categoryId));
  if (!specs.ok) refuse("specs", specs.error);
  const fields = {
    ...itemChangesFromForm(row.values),
    ...catalogFieldsFromForm({ ...row.values, category: categoryId ?? undefined, hidden: row.hidden }),
    part_number: row.values.partNumber,
    allow_backorder: row.allowBackorder === undefined ? undefined : row.allowBackorder ? 1 : 0,
  } as WantedPart["fields"];
  const breaks = row.values.priceBreaks;
  if (breaks.length && breaks[0].priceCents >= fields.price_cents) {
    refuse("price_breaks", "Each price break must be below the price per unit");
  }
  if (refusals.length || !specs.ok) return { line: row.line, refusals };
  return {
    line: row.line,
    partNumber: row.values.partNumber,
    wanted: {
      fields,
      specs: specs.specs,
      breaks,
      quantity: row.values.quantity,
      version: row.version,
      pictures: row.pictures,
      documents: row.documents,
    },
  };
}

/**
 * A checked row again, at apply time: its category may have been deleted, or its templates changed,
 * since the check.
 */
export function wantedAgain(staged: { line: number; wanted: string }, context: ImportContext): WantedRow {
  const { partNumber, wanted } = JSON.parse(staged.wanted) as { partNumber: string; wanted: WantedPart };
  const categoryId = wanted.fields.category_id;
  if (!context.categoryExists(categoryId)) {
    return {
      line: staged.line,
      refusals: [
        {
          line: staged.line,
          column: "category",
          reason: "Its category was deleted after the file was checked",
          partNumber,
        },
      ],
    };
  }
  const specs = normalizeSpecs(wanted.specs, context.templatesOf(categoryId));
  if (!specs.ok) {
    return { line: staged.line, refusals: [{ line: staged.line, column: "specs", reason: specs.error, partNumber }] };
  }
  return { line: staged.line, partNumber, wanted: { ...wanted, specs: specs.specs } };
}
