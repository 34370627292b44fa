import fs from "node:fs";
import { db } from "./app/db/db.server";
import { migrateToLatest } from "./app/db/migrate.server";
await migrateToLatest(db);
const { cats, tpls } = JSON.parse(fs.readFileSync("/tmp/bench/cats.json", "utf8"));
await db.insertInto("categories").values(cats.map((c: any) => ({ id: c.id, slug: c.slug, name: c.name, description: c.description }))).execute();
await db.insertInto("spec_templates").values(tpls.map(({ id: _id, ...t }: any) => t)).execute();
await db.destroy();
