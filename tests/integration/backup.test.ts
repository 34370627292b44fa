import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import type { Database as Schema } from "~/db/schema";

import {
  backupDatabase,
  intervalOf,
  openDatabase,
  pruneBackups,
  restoreDatabase,
  RestoreRefused,
  verifyDatabase,
} from "../../scripts/backup/lib";
import { newItem } from "../support/builders";
import { placeTestOrder } from "../support/orders";
import { createTestDatabaseUrl } from "../support/test-database";
import { newUser } from "../support/users";

// `npm run backup` and `npm run restore` (issue 28) on this suite's database engine: a copy taken
// while orders are being placed holds every order acknowledged before it began, whole, and a
// restore checks what it brought back.

const sourceUrl = process.env.DATABASE_URL!;
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-backups-"));
const targets: Awaited<ReturnType<typeof createTestDatabaseUrl>>[] = [];

/** An empty database to restore into (dropped after the file). */
async function emptyTarget() {
  const target = await createTestDatabaseUrl();
  targets.push(target);
  return target.url;
}

/** An order as its buyer would check it: its totals and its lines. */
async function orderIn(database: Kysely<Schema>, orderId: number) {
  const order = await database
    .selectFrom("orders")
    .select(["id", "user_id", "status", "subtotal_cents", "total_cents", "address"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  const lines = await database
    .selectFrom("order_lines")
    .select(["item_id", "quantity", "allocated", "waiting", "line_total_cents"])
    .where("order_id", "=", orderId)
    .orderBy("item_id")
    .execute();
  return (
    order && { ...order, subtotal_cents: Number(order.subtotal_cents), total_cents: Number(order.total_cents), lines }
  );
}

let parts: { id: number }[];

beforeAll(async () => {
  parts = await Promise.all([1, 2, 3].map(() => newItem({ quantity: 500 })));
});

afterAll(async () => {
  fs.rmSync(backupDir, { recursive: true, force: true });
  for (const target of targets) await target.drop();
});

test("a backup taken while 60 orders are being placed holds every order acknowledged before it began, whole", async () => {
  const buyers = await Promise.all(Array.from({ length: 60 }, () => newUser()));
  const acknowledged: number[] = [];
  let backupStarted = false;
  const acknowledgedBeforeBackup: number[] = [];
  const placing = buyers.map(async (buyer, index) => {
    const result = await placeTestOrder(buyer.id, [
      { itemId: parts[index % 3].id, quantity: 1 + (index % 4) },
      { itemId: parts[(index + 1) % 3].id, quantity: 1 },
    ]);
    if (!result.ok) throw new Error(`order refused: ${result.reason}`);
    acknowledged.push(result.orderId);
    if (!backupStarted) acknowledgedBeforeBackup.push(result.orderId);
  });
  // The backup starts once some orders are in and others are still being placed.
  while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 1));
  backupStarted = true;
  const file = await backupDatabase(sourceUrl, backupDir);
  await Promise.all(placing);
  expect(acknowledgedBeforeBackup.length).toBeGreaterThanOrEqual(20);

  const targetUrl = await emptyTarget();
  const report = await restoreDatabase(file, targetUrl);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);

  const restored = openDatabase<Schema>(targetUrl);
  try {
    for (const orderId of acknowledgedBeforeBackup) {
      expect(await orderIn(restored, orderId), `order ${orderId}`).toEqual(await orderIn(db, orderId));
    }
    // What the copy holds of the orders placed meanwhile, it holds whole: never an order without its lines.
    const copied = await restored.selectFrom("orders").select("id").execute();
    for (const { id } of copied) expect((await orderIn(restored, id))!.lines.length).toBe(2);
  } finally {
    await restored.destroy();
  }
});

describe("restore", () => {
  test("refuses a database that is not empty unless forced, and a backup of the other engine", async () => {
    const file = await backupDatabase(sourceUrl, backupDir);
    await expect(restoreDatabase(file, sourceUrl)).rejects.toThrow(RestoreRefused);
    const otherEngine = path.join(backupDir, file.endsWith(".db") ? "copy.dump" : "copy.db");
    fs.copyFileSync(file, otherEngine);
    await expect(restoreDatabase(otherEngine, await emptyTarget())).rejects.toThrow(/backup and the target is not/);

    const targetUrl = await emptyTarget();
    expect((await restoreDatabase(file, targetUrl)).ok).toBe(true);
    await expect(restoreDatabase(file, targetUrl)).rejects.toThrow(/not empty/);
    const forced = await restoreDatabase(file, targetUrl, { force: true });
    expect(forced.ok).toBe(true);
    expect(forced.counts.items).toBe(
      Number(
        (
          await db
            .selectFrom("items")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  test("says what does not add up: stock the ledger did not bring in, a line whose units are not its quantity", async () => {
    const file = await backupDatabase(sourceUrl, backupDir);
    const targetUrl = await emptyTarget();
    expect((await restoreDatabase(file, targetUrl)).ok).toBe(true);
    const restored = openDatabase<Schema>(targetUrl);
    try {
      await restored
        .updateTable("items")
        .set((eb) => ({ quantity: eb("quantity", "+", 1) }))
        .where("id", "=", parts[0].id)
        .execute();
      const line = await restored.selectFrom("order_lines").select("id").orderBy("id").executeTakeFirstOrThrow();
      await restored
        .updateTable("order_lines")
        .set((eb) => ({ waiting: eb("waiting", "+", 1) }))
        .where("id", "=", line.id)
        .execute();
    } finally {
      await restored.destroy();
    }
    const report = await verifyDatabase(targetUrl);
    expect(report.ok).toBe(false);
    expect(report.problems.join("\n")).toContain(`part ${parts[0].id}:`);
    expect(report.problems.join("\n")).toMatch(/order line \d+: its units do not add up/);
  });
});

test("BACKUP_KEEP: only the newest copies stay", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-keep-"));
  try {
    for (const name of ["2026-01-01", "2026-01-02", "2026-01-03"])
      fs.writeFileSync(path.join(dir, `storefront-${name}.db`), "");
    fs.writeFileSync(path.join(dir, "notes.txt"), "");
    expect(pruneBackups(dir, 2).map((file) => path.basename(file))).toEqual([
      "storefront-2026-01-03.db",
      "storefront-2026-01-02.db",
    ]);
    expect(fs.readdirSync(dir).sort()).toEqual(["notes.txt", "storefront-2026-01-02.db", "storefront-2026-01-03.db"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe("scheduled backups", () => {
  test("BACKUP_EVERY reads a number and its unit, and nothing else", () => {
    expect(intervalOf("90s")).toBe(90_000);
    expect(intervalOf("30m")).toBe(1_800_000);
    expect(intervalOf(" 6h ")).toBe(21_600_000);
    expect(intervalOf("1d")).toBe(86_400_000);
    for (const wrong of ["", "6", "0h", "6 hours", "-1h", "1.5h", "h"]) expect(intervalOf(wrong), wrong).toBeNull();
  });

  test("npm run backup with BACKUP_EVERY keeps taking copies, and BACKUP_KEEP the newest of them", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-every-"));
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup/backup.ts"], {
      env: { ...process.env, BACKUP_DIR: dir, BACKUP_EVERY: "1s", BACKUP_KEEP: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    try {
      // A copy is announced when written and the old ones are removed after: the third removal is
      // the point at which at most BACKUP_KEEP copies must be left.
      const pruned = () => (output.match(/keeping the newest \d+ in/g) ?? []).length;
      const until = Date.now() + 30_000;
      while (pruned() < 3 && Date.now() < until && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((output.match(/backup written/g) ?? []).length, output).toBeGreaterThanOrEqual(3);
      expect(pruned(), output).toBeGreaterThanOrEqual(3);
      const kept = fs.readdirSync(dir).filter((name) => /^storefront-.*\.(db|dump)$/.test(name));
      expect(kept.length).toBeLessThanOrEqual(2);
      // Each kept copy is whole: it restores and adds up.
      const newest = path.join(dir, kept.sort().at(-1)!);
      expect((await restoreDatabase(newest, await emptyTarget())).ok).toBe(true);
    } finally {
      // The copy it may be writing lands in the folder after kill() returns: wait for the exit, or
      // the folder is emptied while a file appears in it (ENOTEMPTY).
      const exited = child.exitCode !== null || child.signalCode !== null ? null : once(child, "exit");
      child.kill();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
