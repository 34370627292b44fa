/**
 * Fills a throwaway SQLite database with a large generated catalog for the benchmark:
 *
 *   DATABASE_URL=file:/tmp/bench.db tsx scripts/bench/seed-catalog.ts --items 100000 --reviews 500000
 *
 * The schema comes from the app's own migrations (migrateToLatest), so the benchmark measures the
 * indexes the app ships. The rows go in through better-sqlite3 prepared statements inside one
 * transaction, which is what makes 600,000 rows take seconds rather than minutes, and before the
 * search documents' migration (0020), which then builds every part's document at once, as it did
 * for the shops that had parts when it shipped: filled after it, its triggers rewrite a part's
 * document on each of its spec rows (fifteen full-text writes a part), and the 100,000-part catalog
 * took over five minutes instead of half a minute. The data is deterministic (a seeded PRNG), so
 * two runs build the same catalog.
 *
 * Prints one JSON line on stdout: { items, reviews, seconds, file, bytes }.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";

import SQLite from "better-sqlite3";

import { createDatabase, dialectOf, sqlitePathOf } from "../../app/db/db.server";
import { migrateToLatest, migrateUpTo } from "../../app/db/migrate.server";
import { partNumberKey } from "../../app/lib/part-number";
import { catalogCategories, catalogParts, catalogReviews } from "../seed/catalog-data";
import { prng } from "./lib/prng.mjs";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: process.env.BENCH_ITEMS ?? "100000" },
    reviews: { type: "string", default: process.env.BENCH_REVIEWS ?? "500000" },
    seed: { type: "string", default: "20240501" },
  },
});

const itemCount = Number(values.items);
const reviewCount = Number(values.reviews);
if (!Number.isInteger(itemCount) || itemCount < 1 || !Number.isInteger(reviewCount) || reviewCount < 0) {
  throw new Error(
    `--items must be a positive integer and --reviews a whole number (got ${values.items}, ${values.reviews})`,
  );
}

const url = process.env.DATABASE_URL ?? "";
if (!url || dialectOf(url) !== "sqlite") {
  throw new Error("The catalog generator writes SQLite only: set DATABASE_URL=file:<path> (a throwaway file)");
}
const file = sqlitePathOf(url);

const random = prng(Number(values.seed));
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const grades = [
  "Standard",
  "Heavy Duty",
  "Precision",
  "Stainless",
  "Food Grade",
  "High Temperature",
  "Compact",
  "Sealed",
];
const firstNames = [
  "Marta",
  "Daniel",
  "Priya",
  "Tomás",
  "Hannah",
  "Kenji",
  "Amelia",
  "Olu",
  "Sven",
  "Lucía",
  "Mei",
  "Ravi",
  "Noor",
  "Jakub",
  "Chloé",
  "Ahmed",
];
const lastNames = [
  "Keller",
  "Osei",
  "Natarajan",
  "Rivera",
  "Schultz",
  "Watanabe",
  "Brooks",
  "Adeyemi",
  "Lindqvist",
  "Moreno",
  "Chen",
  "Iyer",
  "Haddad",
  "Nowak",
  "Martin",
  "Farouk",
];
const openings = [
  "Arrived well packed and exactly as described.",
  "Fitted first time with no rework.",
  "Good value for the quality.",
  "Delivery took a day longer than promised.",
  "The stock figure on the page was accurate.",
  "Second order from this shop and just as good as the first.",
];
const closings = [
  "Will order again.",
  "Support answered my question the same day.",
  "Would like more sizes in this range.",
  "Runs quietly after a short running-in period.",
  "Documentation could be clearer.",
  "Recommended for maintenance teams.",
];

// Timestamps march forward one second per row from a fixed start: the newest row has the highest
// id, as in a real shop, and the text stays ISO-8601 UTC (docs/decisions/0002).
const start = Date.UTC(2020, 0, 1);
const timestamp = (index: number) => new Date(start + index * 1000).toISOString();

const startedAt = performance.now();

/** The app's migrations, through Kysely, exactly as the app would run them: up to `last`, or all. */
async function migrate(last?: Parameters<typeof migrateUpTo>[1]) {
  const kysely = createDatabase(url);
  try {
    await (last ? migrateUpTo(kysely, last) : migrateToLatest(kysely));
  } finally {
    await kysely.destroy();
  }
}

// The schema before the search documents (see above); the rest after the rows.
await migrate("0019_held_mail");

const sqlite = new SQLite(file);
sqlite.pragma("journal_mode = WAL");
// A throwaway file: no need to survive a power cut while it is being filled.
sqlite.pragma("synchronous = OFF");
sqlite.pragma("cache_size = -200000");

const insertCategory = sqlite.prepare(`insert into categories (slug, name, description) values (?, ?, ?)`);
const insertItem = sqlite.prepare(
  `insert into items (part_number, part_number_key, category_id, name, img, description, price_cents, quantity,
     lead_time_days, supplier_name, created_at)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const insertSpec = sqlite.prepare(
  `insert into item_specs (item_id, position, name, value, unit) values (?, ?, ?, ?, ?)`,
);
const insertReview = sqlite.prepare(
  `insert into reviews (user_id, name, rating, review, created_at) values (null, ?, ?, ?, ?)`,
);

const fill = sqlite.transaction(() => {
  const categoryIds = new Map<string, number>();
  for (const category of catalogCategories) {
    const { lastInsertRowid } = insertCategory.run(category.slug, category.name, category.description);
    categoryIds.set(category.slug, Number(lastInsertRowid));
  }
  for (let index = 0; index < itemCount; index++) {
    // Variants of the demo parts: the same category and spec names, a grade and a series number.
    const base = catalogParts[index % catalogParts.length];
    const grade = pick(grades);
    const series = String(index + 1).padStart(6, "0");
    const partNumber = `${base.partNumber}-${series}`;
    // About one part in twenty is out of stock, as in a real catalog.
    const quantity = random() < 0.05 ? 0 : between(1, 2000);
    const priceCents = Math.max(100, Math.round(base.price * 100 * (0.6 + random() * 0.8)));
    const { lastInsertRowid } = insertItem.run(
      partNumber,
      partNumberKey(partNumber),
      categoryIds.get(base.category) ?? null,
      `${base.name}, ${grade}`,
      `/images/items/${base.image}.svg`,
      `${grade} series. ${base.description}`,
      priceCents,
      quantity,
      base.leadTimeDays,
      base.supplier,
      timestamp(index),
    );
    base.specs.forEach((spec, position) =>
      insertSpec.run(Number(lastInsertRowid), position, spec.name, spec.value, spec.unit),
    );
  }
  for (let index = 0; index < reviewCount; index++) {
    const useDemo = random() < 0.2;
    const demo = catalogReviews[index % catalogReviews.length];
    const rating = useDemo ? demo.rating : Math.min(5, between(2, 6));
    const text = useDemo ? demo.review : `${pick(openings)} ${pick(closings)}`;
    insertReview.run(useDemo ? demo.name : `${pick(firstNames)} ${pick(lastNames)}`, rating, text, timestamp(index));
  }
});
fill();
sqlite.close();
await migrate();
const checkpoint = new SQLite(file);
checkpoint.pragma("wal_checkpoint(TRUNCATE)");
checkpoint.close();

console.log(
  JSON.stringify({
    items: itemCount,
    reviews: reviewCount,
    seconds: Number(((performance.now() - startedAt) / 1000).toFixed(2)),
    file,
    bytes: fs.statSync(file).size,
  }),
);
