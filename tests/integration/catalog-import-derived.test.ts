import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { catalogGeneration } from "~/models/catalog/generation.server";
import { applyCatalogImport, claimNextImport, getCatalogImport, readSummary } from "~/models/catalog-import";
import { saveSpecTemplates } from "~/models/spec-templates.server";
import * as exportRoute from "~/routes/dashboard.export.catalog[.]csv";
import * as importRoute from "~/routes/dashboard.import";
import * as importPage from "~/routes/dashboard.import_.$id";
import { runWaitingCatalogImports } from "~/services/catalog-import-runner.server";
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_STRINGIFY_OPTIONS } from "~/validation/catalog-import";

import { newCategory, newItem } from "../support/builders";
import { call, getRequest, multipartRequest, postRequest } from "../support/http";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// An apply writes spec rows with their triggers off and writes what they would have itself
// (app/models/catalog-import/, bulk-write.server.ts and its phases). Here the derived data an import leaves is
// compared with the same data made again the way the triggers and migrations make it.

const isPostgres = process.env.TEST_DATABASE === "postgres";

/** Every word each search document holds, in which field and where: SQLite's fts5vocab, PostgreSQL's tsvector. */
async function searchDocuments() {
  if (isPostgres) {
    const { rows } = await sql<{ item_id: number; document: string }>`
      select item_id, document::text as document from search_documents order by item_id`.execute(db);
    return rows;
  }
  const tables = [] as unknown[];
  for (const table of ["items_search", "items_name_search"]) {
    await sql`create virtual table if not exists temp.${sql.id(`${table}_words`)} using fts5vocab(main, ${sql.id(table)}, 'instance')`.execute(
      db,
    );
    const { rows } =
      await sql`select term, doc, col, offset from temp.${sql.id(`${table}_words`)} order by doc, col, offset, term`.execute(
        db,
      );
    tables.push(rows);
  }
  return tables;
}

/** The counts as the triggers keep them (rows that fell to 0 are as good as absent). */
async function storedCounts() {
  const specCounts = await db
    .selectFrom("spec_counts")
    .selectAll()
    .where("items", "<>", 0)
    .orderBy("category_id")
    .orderBy("name")
    .orderBy("value")
    .orderBy("unit")
    .execute();
  const pairCounts = await db
    .selectFrom("spec_pair_counts")
    .selectAll()
    .where("items", "<>", 0)
    .orderBy("category_id")
    .orderBy("name")
    .orderBy("value")
    .orderBy("other_name")
    .orderBy("other_value")
    .orderBy("other_unit")
    .execute();
  const categories = await db.selectFrom("categories").select(["id", "item_count"]).orderBy("id").execute();
  const itemCount = await db.selectFrom("item_count").select("items").executeTakeFirstOrThrow();
  return { specCounts, pairCounts, categories, itemCount: Number(itemCount.items) };
}

/** The same counts worked out from the rows, as migrations 0010, 0011 and 0016 first made them. */
async function recountedCounts() {
  const { rows: specCounts } = await sql`
    select category_id, name, value, coalesce(unit, '') as unit, count(*) as items from item_specs
    where category_id is not null group by category_id, name, value, coalesce(unit, '')
    order by 1, 2, 3, 4`.execute(db);
  const { rows: pairCounts } = await sql`
    select chosen.category_id, chosen.name, chosen.value, other.name as other_name, other.value as other_value,
      coalesce(other.unit, '') as other_unit, count(*) as items
    from item_specs chosen join item_specs other
      on other.item_id = chosen.item_id and other.category_id = chosen.category_id and other.name <> chosen.name
    where chosen.category_id is not null
    group by chosen.category_id, chosen.name, chosen.value, other.name, other.value, coalesce(other.unit, '')
    order by 1, 2, 3, 4, 5, 6`.execute(db);
  const { rows: categories } = await sql`
    select c.id, (select count(*) from items i where i.category_id = c.id and i.hidden = 0) as item_count
    from categories c order by c.id`.execute(db);
  const visible = await db
    .selectFrom("items")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("hidden", "=", 0)
    .executeTakeFirstOrThrow();
  const numbers = <T>(rows: T[]) =>
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row as object).map(([k, v]) => [
          k,
          typeof v === "bigint" || k.endsWith("count") || k === "items" ? Number(v) : v,
        ]),
      ),
    );
  return {
    specCounts: numbers(specCounts),
    pairCounts: numbers(pairCounts),
    categories: numbers(categories),
    itemCount: Number(visible.n),
  };
}

async function exportedRows(cookie: string) {
  const response = await exportRoute.loader({
    request: getRequest("/dashboard/export/catalog.csv", { cookie }),
    params: {},
    context: {},
  });
  return parse(new TextDecoder().decode(new Uint8Array(await response.arrayBuffer())), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
}

/** The indexes on parts and their spec rows, as SQLite or PostgreSQL would make them again. */
async function partIndexes() {
  const { rows } = isPostgres
    ? await sql<{ definition: string }>`
        select indexdef as definition from pg_indexes
        where tablename in ('items', 'item_specs') order by indexname`.execute(db)
    : await sql<{ definition: string }>`
        select sql as definition from sqlite_schema
        where type = 'index' and tbl_name in ('items', 'item_specs') and sql is not null order by name`.execute(db);
  return rows.map((row) => row.definition);
}

describe("what an import derives", () => {
  // A file of many new parts (as many as the catalog holds, and ten thousand at least) is written
  // with the parts' other indexes dropped and built again at the end: the same file that way.
  test("with the indexes built after the writes, as a file of many new parts is applied", async () => {
    const indexesBefore = await partIndexes();
    await importsWhatTheTriggersWouldHaveMade(async (id) => {
      const claimed = await claimNextImport("derived-test");
      expect(claimed).toMatchObject({ id, job: "apply" });
      await applyCatalogImport(id, { runner: "derived-test", userId: null, indexes: "built after" });
    });
    expect(await partIndexes()).toEqual(indexesBefore);
    if (!isPostgres) {
      const { rows } = await sql<{ detail: string }>`
        explain query plan select id from items where price_cents > 0 order by price_cents, id limit 1`.execute(db);
      expect(rows.map((row) => row.detail).join(" ")).toContain("items_price_idx");
    }
  });

  test("counts, spec categories and search documents are what the triggers would have made", async () => {
    await importsWhatTheTriggersWouldHaveMade(() => runWaitingCatalogImports("derived-test"));
  });
});

/**
 * Imports a file that renames, moves, hides and re-specs parts and creates new ones (applied by
 * `apply`), then compares what the apply derived with what the triggers and migrations make.
 */
async function importsWhatTheTriggersWouldHaveMade(apply: (importId: number) => Promise<void>) {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const gears = await newCategory();
  const bearings = await newCategory();
  for (const category of [gears, bearings]) {
    await saveSpecTemplates(category.id, [
      { name: "Bore", unit: "mm", allowedValues: [], decimalComma: false },
      { name: "Teeth", unit: null, allowedValues: [], decimalComma: false },
    ]);
  }
  const specs = (bore: string, teeth: string) => [
    { name: "Bore", value: bore, unit: "mm" },
    { name: "Teeth", value: teeth, unit: null },
    { name: "Material", value: "C45 steel", unit: null },
  ];
  const renamed = await newItem({ category_id: gears.id }, specs("8", "20"));
  const moved = await newItem({ category_id: gears.id }, specs("8", "30"));
  const hiding = await newItem({ category_id: gears.id }, specs("10", "20"));
  const respecced = await newItem({ category_id: gears.id }, specs("12", "40"));
  const untouched = await newItem({ category_id: gears.id }, specs("8", "20"));
  const byNumber = new Map((await exportedRows(cookie)).map((row) => [row.part_number, row]));
  const row = (part: { part_number: string }, changes: Record<string, string>) => ({
    ...byNumber.get(part.part_number)!,
    ...changes,
  });
  const token = uniqueToken();
  const file: Record<string, string>[] = [
    row(renamed, { name: `Helical Pinion ${token}` }),
    row(moved, { category: bearings.slug }),
    row(hiding, { hidden: "yes" }),
    row(respecced, { specs: "Bore: 14mm\nTeeth: 40\nFinish: black oxide" }),
    row(untouched, {}),
    ...[1, 2, 3].map((n) => ({
      ...row(untouched, {}),
      part_number: `GW-DER-${token}-${n}`,
      name: `Imported Rack ${token} ${n}`,
      category: n === 3 ? "" : gears.slug,
      hidden: n === 2 ? "yes" : "no",
      specs: `Bore: ${6 + n} mm\nTeeth: ${n * 10}\nMaterial: brass`,
      version: "",
    })),
  ];
  const before = await catalogGeneration();

  const form = new FormData();
  form.append("intent", "upload");
  form.append(
    "file",
    new File(
      [
        stringify(
          [[...CATALOG_CSV_COLUMNS], ...file.map((r) => CATALOG_CSV_COLUMNS.map((c) => r[c] ?? ""))],
          CATALOG_CSV_STRINGIFY_OPTIONS,
        ),
      ],
      "c.csv",
    ),
  );
  const uploaded = await call(importRoute.action, multipartRequest("/dashboard/import", form, { cookie }));
  const id = uploaded.location!.split("/").pop()!;
  await runWaitingCatalogImports("derived-test");
  expect(readSummary((await getCatalogImport(Number(id)))!.summary)).toMatchObject({
    creates: 3,
    changes: 4,
    unchanged: 1,
  });
  await call(importPage.action, postRequest(`/dashboard/import/${id}`, { intent: "apply" }, { cookie }), { id });
  await apply(Number(id));
  expect((await getCatalogImport(Number(id)))!.status).toBe("applied");
  expect(await catalogGeneration()).toBeGreaterThan(before);

  // Each spec row is in its part's category, or none while the part is hidden.
  const { rows: misplaced } = await sql`
      select s.id from item_specs s join items i on i.id = s.item_id
      where s.category_id is distinct from (case when i.hidden = 1 then null else i.category_id end)`.execute(db);
  expect(misplaced).toEqual([]);
  expect(await storedCounts()).toEqual(await recountedCounts());

  // Every document, made again by the triggers from the rows, reads the same word for word.
  const imported = await searchDocuments();
  await sql`update items set name = name`.execute(db);
  expect(await searchDocuments()).toEqual(imported);
}
