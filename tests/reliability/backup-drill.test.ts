import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, expect, test } from "vitest";

import type { Database as Schema } from "~/db/schema";

import { openDatabase, restoreDatabase } from "../../scripts/backup/lib";
import type { ServerProcess } from "../support/server";
import { createTestDatabaseUrl } from "../support/test-database";
import { customersWithCarts, makeParts, openCheckout, placeOrder } from "./checkouts";
import { recordStats, startCluster } from "./support";

// The restore drill (issue 28): `npm run backup`, run as an operator would in another process,
// while 60 customers check out through two app processes; the copy restored into a fresh
// database holds every order acknowledged before the backup started, whole, and adds up.

const CUSTOMERS = 60;
let shop: ServerProcess;
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-drill-"));
let target: Awaited<ReturnType<typeof createTestDatabaseUrl>> | undefined;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
  await target?.drop();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** `npm run backup` in its own process: `started` once it begins copying, `written` with its file. */
function runBackup() {
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  const written = new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup/backup.ts"], {
      env: { ...process.env, BACKUP_DIR: backupDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("backup started")) started();
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      started();
      const file = /backup written: (.+)/.exec(output)?.[1];
      if (code === 0 && file) resolve(file.trim());
      else reject(new Error(`npm run backup exited ${code}: ${output}`));
    });
  });
  return { begun, written };
}

test(`a backup taken during ${CUSTOMERS} checkouts restores every order acknowledged before it started, whole`, async () => {
  const parts = await makeParts("Drill", { stock: 1000 });
  const customers = await customersWithCarts(
    "drill",
    CUSTOMERS,
    parts.map((part) => part.id),
    20_261_127,
  );
  const forms = await Promise.all(customers.map((customer) => openCheckout(shop.origin, customer.cookie)));

  const checkOut = async (index: number) => {
    const response = await placeOrder(shop.origin, customers[index], forms[index]);
    const orderId = Number(/\/(\d+)(?:\?|$)/.exec(response.headers.get("location") ?? "")?.[1]);
    if (response.status !== 302 || !orderId) throw new Error(`checkout answered ${response.status}`);
    return { customer: customers[index], orderId };
  };
  // A third of the customers have their orders acknowledged; then the backup starts, and the rest
  // check out while it copies.
  const first = Math.floor(CUSTOMERS / 3);
  const before = await Promise.all(Array.from({ length: first }, (_, index) => checkOut(index)));
  const backup = runBackup();
  await backup.begun;
  const during = Array.from({ length: CUSTOMERS - first }, (_, index) => checkOut(first + index));
  const file = await backup.written;
  await Promise.all(during);

  target = await createTestDatabaseUrl();
  const report = await restoreDatabase(file, target.url);
  expect(report.problems).toEqual([]);

  const restored = openDatabase<Schema>(target.url);
  try {
    for (const { customer, orderId } of before) {
      const lines = await restored
        .selectFrom("order_lines")
        .select(["item_id", "quantity"])
        .where("order_id", "=", orderId)
        .execute();
      const order = await restored.selectFrom("orders").select("user_id").where("id", "=", orderId).executeTakeFirst();
      expect(order?.user_id, `order ${orderId}`).toBe(customer.id);
      expect(new Map(lines.map((line) => [line.item_id, line.quantity])), `order ${orderId}'s lines`).toEqual(
        customer.cart,
      );
    }
    // An order the copy caught while it was placed is there whole or not at all.
    const orphans = await restored
      .selectFrom("orders")
      .select("id")
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("order_lines").select("id").whereRef("order_id", "=", "orders.id"))),
      )
      .execute();
    expect(orphans).toEqual([]);
  } finally {
    await restored.destroy();
  }
  recordStats({
    suite: "backup drill",
    requests: CUSTOMERS,
    failures: 0,
    serverErrors: 0,
    oversells: 0,
    ordersLost: 0,
  });
});
