/**
 * A catalog with categories, spec templates and stored files (pictures and documents) but no parts,
 * copied from another SQLite file, for the benchmark's import to fill (the exported file names the
 * large catalog's pictures by hash, and an import only links files the store holds):
 *
 *   DATABASE_URL=file:/tmp/empty.db tsx scripts/bench/empty-catalog.ts --from /tmp/large.db
 *
 * Prints one JSON line on stdout: { categories, templates }.
 */
import { parseArgs } from "node:util";

import SQLite from "better-sqlite3";

import { createDatabase } from "../../app/db/db.server";
import { migrateToLatest } from "../../app/db/migrate.server";

const { values } = parseArgs({ options: { from: { type: "string" } } });
if (!values.from) throw new Error("--from <SQLite file> is required");

const source = new SQLite(values.from, { readonly: true });
const categories = source.prepare("select id, slug, name, description from categories order by id").all() as {
  id: number;
  slug: string;
  name: string;
  description: string;
}[];
const templates = source
  .prepare("select category_id, name, unit, allowed_values, decimal_comma, position from spec_templates order by id")
  .all() as {
  category_id: number;
  name: string;
  unit: string | null;
  allowed_values: string;
  decimal_comma: 0 | 1;
  position: number;
}[];
source.close();

const db = createDatabase();
try {
  await migrateToLatest(db);
  await db.transaction().execute(async (trx) => {
    if (categories.length) await trx.insertInto("categories").values(categories).execute();
    if (templates.length) await trx.insertInto("spec_templates").values(templates).execute();
  });
} finally {
  await db.destroy();
}
const target = new SQLite(process.env.DATABASE_URL!.replace(/^file:/, ""));
try {
  target.prepare("attach database ? as source").run(values.from);
  target.exec(
    "insert into media select * from source.media; insert into media_variants select * from source.media_variants",
  );
  target.exec("detach database source");
} finally {
  target.close();
}
console.log(JSON.stringify({ categories: categories.length, templates: templates.length }));
