import { stringify } from "csv-stringify/sync";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { createCatalogImport, getCatalogImport, INTERRUPTED_APPLY, requestApply } from "~/models/catalog-import";
import { BUILD_INDEXES_AFTER_CREATES } from "~/models/catalog-import/write-phases.server";
import { runWaitingCatalogImports } from "~/services/catalog-import-runner.server";
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_STRINGIFY_OPTIONS } from "~/validation/catalog-import";

import { newCategory, newItem } from "../support/builders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// An apply is one transaction in the server's import thread. Killed with SIGKILL halfway through its
// writes, it leaves the catalog exactly as it was, its triggers included (SQLite drops and remakes
// them inside that transaction); the next start offers the import again, and applying it then works.

// On SQLite, as many new parts as make the apply build the parts' indexes after writing them
// (write-phases.server.ts), so the kill lands while they are dropped, and they must be there after.
// PostgreSQL keeps its indexes whatever the file: fewer parts say as much there.
const NEW_PARTS = process.env.TEST_DATABASE === "postgres" ? 8_000 : BUILD_INDEXES_AFTER_CREATES;
let shop: ServerProcess | undefined;

afterAll(async () => {
  await shop?.kill9().catch(() => {});
});

/** Everything an apply writes or derives, and the triggers it turns off while it writes. */
async function catalogState() {
  const count = async (table: "items" | "item_specs" | "price_breaks" | "stock_movements" | "spec_pair_counts") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const triggers =
    process.env.TEST_DATABASE === "postgres"
      ? (
          await sql<{
            name: string;
          }>`select tgname::text || ':' || tgenabled::text as name from pg_trigger where not tgisinternal order by 1`.execute(
            db,
          )
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_schema where type = 'trigger' order by 1`.execute(db))
          .rows;
  const indexes =
    process.env.TEST_DATABASE === "postgres"
      ? (
          await sql<{ definition: string }>`
            select indexdef as definition from pg_indexes where schemaname = 'public' order by indexname`.execute(db)
        ).rows
      : (
          await sql<{ definition: string }>`
            select sql as definition from sqlite_schema where type = 'index' and sql is not null order by name`.execute(
            db,
          )
        ).rows;
  return {
    items: await count("items"),
    specs: await count("item_specs"),
    breaks: await count("price_breaks"),
    movements: await count("stock_movements"),
    pairs: await count("spec_pair_counts"),
    prices: await db.selectFrom("items").select(["id", "price_cents", "version"]).orderBy("id").execute(),
    categories: await db.selectFrom("categories").select(["id", "item_count"]).orderBy("id").execute(),
    triggers: triggers.map((row) => row.name),
    indexes: indexes.map((row) => row.definition),
  };
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined | null | false>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test("kill -9 while an import is applied: the catalog is as it was, and the import can be applied again", async () => {
  const { user, cookie } = await createSignedInUser({ role: "admin" });
  const category = await newCategory();
  const existing = await newItem({ category_id: category.id, price_cents: 1000 }, [
    { name: "Bore", value: "8", unit: "mm" },
  ]);
  const token = uniqueToken();
  const row = (cells: Record<string, string>) => CATALOG_CSV_COLUMNS.map((column) => cells[column] ?? "");
  const part = (n: number) => ({
    part_number: `GW-CRASH-${token}-${n}`,
    name: `Crash Import Gear ${n}`,
    category: category.slug,
    price: "4.20",
    stock: "5",
    supplier: "Gearwright Works",
    hidden: "no",
    image: "/images/items/spur-gear.svg",
    description: "Imported while the server died.",
    specs: `Bore: ${n % 40} mm\nTeeth: ${10 + (n % 60)}\nModule: 1`,
  });
  const file = stringify(
    [
      [...CATALOG_CSV_COLUMNS],
      row({
        ...part(0),
        part_number: existing.part_number,
        price: "99.00",
        specs: "Bore: 8 mm",
        version: String(existing.version),
      }),
      ...Array.from({ length: NEW_PARTS }, (_, n) => row(part(n + 1))),
    ],
    CATALOG_CSV_STRINGIFY_OPTIONS,
  );
  const id = await createCatalogImport({
    userId: user.id,
    fileName: "crash.csv",
    file: new Blob([file]),
  });
  await runWaitingCatalogImports("reliability-check");
  expect((await getCatalogImport(id))!.status).toBe("checked");
  const before = await catalogState();

  expect(await requestApply(id)).toEqual({ ok: true });
  shop = await startServer();
  const server = shop;
  // The import page shows how many rows the server's import thread has written so far.
  const written = async () => {
    const page = await fetch(`${server.origin}/dashboard/import/${id}`, { headers: { Cookie: cookie } });
    const percent = /<progress[^>]*value="(\d+)"/.exec(await page.text());
    return percent && Number(percent[1]) >= 20 && Number(percent[1]) < 90 ? Number(percent[1]) : null;
  };
  const percent = await waitFor("the apply to be under way", written);
  await server.kill9();
  shop = undefined;
  expect(percent).toBeGreaterThanOrEqual(20);

  expect(await catalogState()).toEqual(before);

  // Started again, the server finds the apply stopped and offers it again; applied, it is all there.
  shop = await startServer();
  const restarted = shop;
  const offered = await waitFor("the interrupted apply to be offered again", async () => {
    const current = await getCatalogImport(id);
    return current?.status === "checked" ? current : null;
  });
  expect(offered.error).toBe(INTERRUPTED_APPLY);
  const apply = await postForm(restarted.origin, `/dashboard/import/${id}`, { intent: "apply" }, { cookie });
  expect(apply.status).toBe(302);
  await waitFor("the apply to finish", async () => (await getCatalogImport(id))?.status === "applied");
  const after = await catalogState();
  expect(after.items).toBe(before.items + NEW_PARTS);
  expect(after.specs).toBe(before.specs + NEW_PARTS * 3);
  expect(after.triggers).toEqual(before.triggers);
  expect(after.indexes).toEqual(before.indexes);
  const changed = await db
    .selectFrom("items")
    .select("price_cents")
    .where("id", "=", existing.id)
    .executeTakeFirstOrThrow();
  expect(changed.price_cents).toBe(9900);
});
