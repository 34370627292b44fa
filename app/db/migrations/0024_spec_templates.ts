import { type Kysely, PostgresAdapter, sql } from "kysely";

import { inferTemplates, normalizeSpecs, type SpecTemplate } from "~/lib/spec-templates";

/**
 * Spec templates: per category, the spec names its parts have, each with a fixed unit (or none),
 * the values it allows (one per line; none for any) and whether a comma is a decimal point. Every
 * write of a part's specs reads them (app/lib/spec-templates.ts).
 *
 * The templates start as the catalog's own specs show them (each name's usual unit), and every spec
 * value already stored is rewritten as a write through its template would store it now: "8mm" and
 * "8 mm" both become Bore 8 (mm), "20°" becomes 20 (°), so each size is one filter choice. A value
 * its template would refuse is left as it was. The triggers on item_specs move the counts, search
 * documents and versions with each row changed.
 *
 * This imports the app's normaliser rather than a frozen copy: on a new database there is nothing to
 * rewrite, and on an old one the rows should read as the app writes new ones.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("spec_templates")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("category_id", "integer", (col) => col.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("unit", "text")
    .addColumn("allowed_values", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("decimal_comma", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`decimal_comma in (0, 1)`),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    .addUniqueConstraint("spec_templates_category_name", ["category_id", "name"])
    .execute();

  const categories: { id: number }[] = await db.selectFrom("categories").select("id").orderBy("id").execute();
  for (const { id } of categories) await templatesFromSpecsOf(db, id);
}

/** One category's templates read off its parts' specs, and those specs rewritten through them. */
export async function templatesFromSpecsOf(db: Kysely<any>, categoryId: number) {
  const specs: { id: number; name: string; value: string; unit: string | null; position: number }[] = await db
    .selectFrom("item_specs")
    .innerJoin("items", "items.id", "item_specs.item_id")
    .select(["item_specs.id", "item_specs.name", "item_specs.value", "item_specs.unit", "item_specs.position"])
    .where("items.category_id", "=", categoryId)
    .orderBy("item_specs.id")
    .execute();
  if (!specs.length) return;
  const templates: SpecTemplate[] = inferTemplates(specs);
  await db
    .insertInto("spec_templates")
    .values(
      templates.map((template, position) => ({
        category_id: categoryId,
        name: template.name,
        unit: template.unit,
        allowed_values: "",
        decimal_comma: 0,
        position,
      })),
    )
    .execute();
  // Rewritten one spec at a time, so a value its template refuses leaves the others to be read.
  for (const spec of specs) {
    const read = normalizeSpecs([spec], templates);
    if (!read.ok) continue;
    const [stored] = read.specs;
    if (stored.name !== spec.name || stored.value !== spec.value || stored.unit !== spec.unit) {
      await db
        .updateTable("item_specs")
        .set({ name: stored.name, value: stored.value, unit: stored.unit })
        .where("id", "=", spec.id)
        .execute();
    }
  }
}

/** The rows keep their stored form: it reads the same, written one way. */
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("spec_templates").execute();
}
