import { randomUUID } from "node:crypto";
import { createHash } from "node:crypto";

import { sql } from "kysely";

import { getCurrentUser } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { createCatalogImport } from "~/models/catalog-import";
import { createReview } from "~/models/review.server";
import { getUserById, setUserRole } from "~/models/user.server";
import { placeOrder } from "~/services/checkout.server";

import { newItem } from "../support/builders";
import { newUser, sessionCookieFor } from "../support/users";

export const ORIGIN = "http://localhost:3000";

/**
 * A small shop to aim requests at: an admin, two customers with an order and a review each, an
 * uploaded catalog file.
 */
export async function makeShop() {
  const suffix = Date.now().toString(36);
  const admin = (await setUserRole(
    (await newUser({ email: `admin-${suffix}@example.com`, displayName: "Admin", password: "admin-password" })).email,
    "admin",
  ))!;
  const alice = await newUser({
    email: `alice-${suffix}@example.com`,
    displayName: "Alice",
    password: "alice-password",
  });
  const bob = await newUser({ email: `bob-${suffix}@example.com`, displayName: "Bob", password: "bob-password" });
  const item = await newItem({
    name: "Fixture Gear",
    img: "/images/items/spur-gear.svg",
    description: "A gear.",
    price_cents: 1000,
    quantity: 1000,
    supplier_name: "Gearwright Works",
  });
  const aliceOrder = await placeOrder({
    userId: alice.id,
    lines: [{ itemId: item.id, quantity: 1 }],
    address: "1 Alice Road",
    phone: "+1 555 0101",
    token: randomUUID(),
  });
  const aliceReview = await createReview({ userId: alice.id, name: "Alice", rating: 5, review: "Great gear." });
  if (!aliceOrder.ok) throw new Error("fixture order failed");
  const importId = await createCatalogImport({
    userId: admin.id,
    fileName: "fixture.csv",
    file: new Blob(["part_number,name\n"]),
  });
  return { admin, alice, bob, item, aliceOrderId: aliceOrder.orderId, aliceReviewId: aliceReview.id, importId };
}

const cookies = new Map<number, string>();

/**
 * A signed-in cookie for the user: the same one while its session lives, a new session only once
 * an action has ended it (sign out everywhere, a password change). `created` says which, so a
 * caller comparing the database before and after knows the new session row is its own doing.
 */
export async function cookieFor(userId: number): Promise<{ cookie: string; created: boolean }> {
  const cached = cookies.get(userId);
  if (cached && (await getCurrentUser(new Request(ORIGIN, { headers: { Cookie: cached } })))?.id === userId) {
    return { cookie: cached, created: false };
  }
  const user = await getUserById(userId);
  if (!user) throw new Error(`user ${userId} is gone`);
  const cookie = await sessionCookieFor(user);
  cookies.set(userId, cookie);
  return { cookie, created: true };
}

const IGNORED_TABLES = new Set(["rate_limits", "kysely_migration", "kysely_migration_lock"]);

/**
 * A fingerprint of every business table's rows. Rate-limit counters are left out: counting a
 * failed sign-in is the point of them, not a change to the shop.
 */
export async function databaseFingerprint() {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !IGNORED_TABLES.has(name))
    .sort();
  const snapshots = await Promise.all(
    tables.map((table) => sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db)),
  );
  const hash = createHash("sha256");
  tables.forEach((table, index) => hash.update(table).update(JSON.stringify(snapshots[index].rows)));
  return hash.digest("hex");
}
