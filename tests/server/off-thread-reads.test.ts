import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { offThread, offThreadReadStats, startOffThreadReads, stopOffThreadReads } from "~/db/off-thread-reads.server";
import { searchHits } from "~/models/catalog/search.server";

import { newItem } from "../support/builders";

// The catalog's read worker (decision 36) as the server starts it, from the build's own worker file,
// in this process: what it answers is what the request thread would have, and it never writes.

const WORKER_FILE = path.resolve("build/catalog-read-worker.js");
const onSqlite = process.env.TEST_DATABASE !== "postgres";
const QUERIES = ["spur gear", "8mm bore", "spur gaer", "m6x20", "gw-sg", "6204 2rs", "zzqx nothing", "a b c d e f g h"];

async function answersOnThisThread() {
  const answers: Record<string, unknown> = {};
  for (const query of QUERIES) answers[query] = await searchHits(query, db);
  // Bounds a tier fills: the tiers after it are not read.
  for (const query of ["spur gear", "gear"]) answers[`${query}, 1 part`] = await searchHits(query, db, 1);
  return answers;
}

let onThisThread: Record<string, unknown>;

beforeAll(async () => {
  await newItem({ name: "Spur Gear M1 20T", description: "Bore 8 mm, hardened." }, [
    { name: "Bore", value: "8", unit: "mm" },
    { name: "Teeth", value: "20", unit: null },
  ]);
  await newItem({ name: "Deep Groove Ball Bearing 6204-2RS", description: "Sealed both sides." });
  onThisThread = await answersOnThisThread();
  startOffThreadReads({ workerFile: WORKER_FILE });
});

afterAll(async () => {
  await stopOffThreadReads();
});

// Each database has its own tests: the worker exists on SQLite only.
if (onSqlite) {
  describe("on SQLite", () => {
    test("searches run in the worker and find what the request thread finds, in the same order", async () => {
      expect(offThread(db)).not.toBe(db);
      const before = offThreadReadStats().reads;
      expect(await answersOnThisThread()).toEqual(onThisThread);
      expect(offThreadReadStats().reads).toBeGreaterThan(before);
    });

    test("a search's probe and tiers reach the worker as one message, not one each", async () => {
      const before = offThreadReadStats();
      await searchHits("spur gear", db);
      const after = offThreadReadStats();
      const reads = after.reads - before.reads;
      const asks = after.asks - before.asks;
      expect(reads).toBeGreaterThanOrEqual(3);
      expect(asks).toBeLessThan(reads);
    });

    test("a transaction's reads stay in the transaction, which must see its own writes", async () => {
      await db.transaction().execute(async (trx) => {
        expect(offThread(trx)).toBe(trx);
      });
    });

    test("the worker's connection refuses to write, with a clear error, and writes nothing", async () => {
      const worker = offThread(db);
      const itemsBefore = await db
        .selectFrom("items")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      await expect(sql`delete from items`.execute(worker)).rejects.toThrow(/read/);
      await expect(worker.transaction().execute(async () => {})).rejects.toThrow(/no transactions/);
      const itemsAfter = await db
        .selectFrom("items")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(itemsAfter.count)).toBe(Number(itemsBefore.count));
    });

    test("a query the worker cannot run fails as that query, and the next one is answered", async () => {
      const worker = offThread(db);
      await expect(sql`select * from no_such_table`.execute(worker)).rejects.toThrow(/no such table/);
      expect((await sql<{ one: number }>`select 1 as one`.execute(worker)).rows).toEqual([{ one: 1 }]);
    });

    test("once stopped, reads run on the request thread again, with the same answers", async () => {
      const handedOutBefore = offThread(db);
      await stopOffThreadReads();
      // A request that took the worker's Kysely before it stopped still has its reads answered.
      expect((await sql<{ one: number }>`select 1 as one`.execute(handedOutBefore)).rows).toEqual([{ one: 1 }]);
      expect(offThread(db)).toBe(db);
      expect(offThreadReadStats().running).toBe(0);
      expect(await answersOnThisThread()).toEqual(onThisThread);
      startOffThreadReads({ workerFile: WORKER_FILE });
      expect(offThread(db)).not.toBe(db);
    });
  });
} else {
  describe("on PostgreSQL", () => {
    test("no worker starts: the database answers on its own processes", () => {
      expect(offThread(db)).toBe(db);
      expect(offThreadReadStats().running).toBe(0);
    });
  });
}
