import fs from "node:fs";
import { db } from "./app/db/db.server";
import { migrateToLatest } from "./app/db/migrate.server";
import { createCatalogImport, getCatalogImport, readSummary } from "./app/models/catalog-import";
import { runNextCatalogImport } from "./app/services/catalog-import-runner.server";
await migrateToLatest(db);

const { cats, tpls } = JSON.parse(fs.readFileSync("/tmp/bench/cats.json", "utf8"));
if (!(await db.selectFrom("categories").select("id").executeTakeFirst())) {
  await db.insertInto("categories").values(cats.map((c: any) => ({ id: c.id, slug: c.slug, name: c.name, description: c.description }))).execute();
  await db.insertInto("spec_templates").values(tpls.map(({ id: _id, ...t }: any) => t)).execute();
}
const bytes = fs.readFileSync(process.argv[2] ?? "/tmp/bench/catalog-100k.csv");
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
let t = Date.now();
const id = await createCatalogImport({ userId: null, fileName: "c.csv", file: new Blob([bytes]) });
console.log("upload stored ms", Date.now() - t);
t = Date.now();
await runNextCatalogImport("bench");
console.log("check ms", Date.now() - t, JSON.stringify(readSummary((await getCatalogImport(id))!.summary)).slice(0, 300));
await db.updateTable("catalog_imports").set({ status: "apply-waiting" }).where("id", "=", id).execute();
t = Date.now();
await runNextCatalogImport("bench", (p) => { if (p.rowsDone % 20000 < 500) console.log("  applied rows", p.rowsDone, Date.now() - t); });
console.log((globalThis as any).W); console.log("apply ms", Date.now() - t, (await getCatalogImport(id))!.status, (await getCatalogImport(id))!.error);
clearInterval(sampler);
console.log("rss growth MB", Math.round((peak - rss0) / 1e6));
await db.destroy();
