// The two throwaway catalogs (a large one, and a small one for the growth comparison), the parts of
// the large one the scenarios order, and the catalog pages they load.
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { log } from "../../lib/run.mjs";
import { fmt } from "../lib/report.mjs";
import { catalogAsks, makeTempDir, mediaSeed, seedCatalog } from "../lib/server.mjs";
import { UPLOADS } from "../scenarios/media.mjs";

// The order-placement parts get stock for any run; the contention part a little, to be sold out.
export const ORDER_STOCK = 10_000_000;
export const CONTENTION_STOCK = 200;
// The reader's dashboard orders, one part each.
export const READER_ORDERS = 10;

/** Which parts of a catalog of `items` the scenarios use, spread out so no two are the same. */
function partsOf(items) {
  const order = Math.max(1, Math.ceil(items / 3));
  return {
    // Ordered over and over (scenarios/orders.mjs).
    order,
    // Sold out in the race.
    contention: Math.max(1, Math.ceil(items / 4)),
    // The product and order pages', the part-number search's, and the first of the reader's orders.
    page: Math.max(1, Math.ceil(items / 2)),
    // The three parts every benchmark checkout buys one of.
    checkout: [1, 2, 3].map((offset) => order + offset),
    // None in stock and taking backorders: the backordered checkout's third line.
    backorder: order + 4,
  };
}

/** Seeds both catalogs into a temporary folder (removed by `cleanup` unless `keep`) and stocks the parts. */
export function seedCatalogs(config, { cleanup, keep }) {
  const dataDir = makeTempDir();
  if (!keep) cleanup.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  log(`Seeding ${fmt.int(config.items)} items and ${fmt.int(config.reviews)} reviews (${dataDir})`);
  const largeDb = path.join(dataDir, "large.db");
  const smallDb = path.join(dataDir, "small.db");
  const large = seedCatalog(largeDb, { items: config.items, reviews: config.reviews });
  console.log(`  large catalog: ${large.seconds} s, ${fmt.kb(large.bytes)}`);
  const small = seedCatalog(smallDb, { items: config.smallItems, reviews: config.smallItems * 5 });
  console.log(`  small catalog: ${small.seconds} s`);

  // Set before the servers start.
  const parts = partsOf(config.items);
  const sqlite = new Database(largeDb);
  try {
    const setStock = sqlite.prepare("update items set quantity = ? where id = ?");
    setStock.run(ORDER_STOCK, parts.order);
    setStock.run(CONTENTION_STOCK, parts.contention);
    // Stock-only: a part that takes backorders (the default since issue 26) sells past its stock by design.
    sqlite.prepare("update items set allow_backorder = 0 where id = ?").run(parts.contention);
    for (const id of parts.checkout) setStock.run(ORDER_STOCK, id);
    sqlite.prepare("update items set quantity = 0, allow_backorder = 1, hidden = 0 where id = ?").run(parts.backorder);
    // The reader's dashboard orders: in stock, whatever the generator rolled.
    sqlite
      .prepare("update items set quantity = max(quantity, 100) where id between ? and ?")
      .run(parts.page, parts.page + READER_ORDERS - 1);
  } finally {
    sqlite.close();
  }
  const { paths, newSearchPages, catalogPages, deepest, searches } = catalogAsks(largeDb, {
    partItemId: parts.page,
  });
  // The product page's picture (the /media row serves one of its variants), and the photos the
  // upload scenario posts.
  const media = mediaSeed(largeDb, { partItemId: parts.page, out: dataDir, uploads: UPLOADS });
  return {
    media,
    largeDb,
    smallDb,
    seed: { large, small },
    parts,
    catalogPaths: paths,
    newSearchPages,
    catalogPages,
    deepest,
    searches,
  };
}

/**
 * A part's stock, and the order lines, units ordered and units taken from stock (allocated) of it,
 * read straight from the SQLite file.
 */
export function stockOf(databaseFile, id) {
  const sqlite = new Database(databaseFile, { readonly: true });
  try {
    const { quantity } = sqlite.prepare("select quantity from items where id = ?").get(id);
    const { count, units, allocated } = sqlite
      .prepare(
        `select count(*) as count, coalesce(sum(quantity), 0) as units, coalesce(sum(allocated), 0) as allocated
         from order_lines where item_id = ?`,
      )
      .get(id);
    return { quantity, count, units, allocated };
  } finally {
    sqlite.close();
  }
}

/** Makes the bench buyer staff (straight in the SQLite file: the server reads roles per request); their cookie. */
export function promoteToStaff(databaseFile, buyerCookie) {
  const sqlite = new Database(databaseFile);
  try {
    sqlite.prepare("update users set role = 'admin' where email = ?").run("bench-buyer@example.com");
  } finally {
    sqlite.close();
  }
  return buyerCookie;
}
