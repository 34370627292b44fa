// Spec templates as stored (migration 0024): read for every write of a part's specs and for the
// product form's hints, saved whole per category from the staff page.
import { db, type DbOptions, inTransaction } from "~/db/db.server";
import type { SpecTemplate } from "~/lib/spec-templates";

const fromRow = (row: { name: string; unit: string | null; allowed_values: string; decimal_comma: number }) => ({
  name: row.name,
  unit: row.unit,
  allowedValues: row.allowed_values ? row.allowed_values.split("\n") : [],
  decimalComma: row.decimal_comma === 1,
});

/** A category's templates in the order the form lists them; none for no category. */
export async function specTemplatesOf(
  categoryId: number | null | undefined,
  { executor = db }: DbOptions = {},
): Promise<SpecTemplate[]> {
  if (categoryId == null) return [];
  const rows = await executor
    .selectFrom("spec_templates")
    .select(["name", "unit", "allowed_values", "decimal_comma"])
    .where("category_id", "=", categoryId)
    .orderBy("position")
    .execute();
  return rows.map(fromRow);
}

/** Every category's templates, by category id (the add-product page, where the category is not chosen yet). */
export async function allSpecTemplates({ executor = db }: DbOptions = {}) {
  const rows = await executor
    .selectFrom("spec_templates")
    .select(["category_id", "name", "unit", "allowed_values", "decimal_comma"])
    .orderBy("category_id")
    .orderBy("position")
    .execute();
  const byCategory = new Map<number, SpecTemplate[]>();
  for (const row of rows) {
    const list = byCategory.get(row.category_id) ?? [];
    list.push(fromRow(row));
    byCategory.set(row.category_id, list);
  }
  return byCategory;
}

/** A category's templates replaced whole, in one transaction (or the caller's). */
export async function saveSpecTemplates(
  categoryId: number,
  templates: readonly SpecTemplate[],
  { executor = db }: DbOptions = {},
) {
  return inTransaction(executor, async (trx) => {
    await trx.deleteFrom("spec_templates").where("category_id", "=", categoryId).execute();
    if (!templates.length) return;
    await trx
      .insertInto("spec_templates")
      .values(
        templates.map((template, position) => ({
          category_id: categoryId,
          name: template.name,
          unit: template.unit,
          allowed_values: template.allowedValues.join("\n"),
          decimal_comma: template.decimalComma ? (1 as const) : (0 as const),
          position,
        })),
      )
      .execute();
  });
}
