import { randomUUID } from "node:crypto";
import { createHash } from "node:crypto";

import { sql } from "kysely";

import { getCurrentUser } from "~/auth/session.server";
import { storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { addCalendarDays } from "~/lib/quotes";
import { addLinesToCart } from "~/models/cart";
import { createCatalogImport } from "~/models/catalog-import";
import { createCompany } from "~/models/company";
import { saveCartAsList } from "~/models/parts-lists";
import { createPriceList } from "~/models/price-lists";
import { getQuote } from "~/models/quote";
import { createReview } from "~/models/review.server";
import { getUserById, setUserRole } from "~/models/user.server";
import { placeOrder } from "~/services/checkout.server";
import { shipReadyParts } from "~/services/order-status.server";
import { requestQuote, sendQuote } from "~/services/quotes.server";

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
  const aliceShipped = await shippedOrderFor(alice.id, item.id);
  const aliceQuoteId = await sentQuoteFor(alice.id, item.id);
  const adminQuoteId = await sentQuoteFor(admin.id, item.id);
  const [adminQuoteLine] = (await getQuote(adminQuoteId))!.lines;
  const aliceListId = await savedListFor(alice.id, item.id);
  const adminListId = await savedListFor(admin.id, item.id);
  // Carol runs a company: Bob (the matrix's customer) is not in it, nor is the admin.
  const carol = await newUser({ email: `carol-${suffix}@example.com`, displayName: "Carol" });
  const carolCompany = await createCompany({
    name: "Carol Engineering Ltd",
    vatNumber: null,
    paymentTermsDays: 30,
    creditLimitCents: 100_000,
    adminEmail: carol.email,
  });
  if (!carolCompany.ok) throw new Error(`fixture company failed: ${carolCompany.reason}`);
  const priceListId = await createPriceList({
    name: "Fixture prices",
    validFrom: null,
    validUntil: null,
    fixedEvenIfHigher: false,
  });
  return {
    admin,
    alice,
    bob,
    item,
    aliceOrderId: aliceOrder.orderId,
    aliceReviewId: aliceReview.id,
    aliceInvoiceNumber: aliceShipped.invoiceNumber,
    aliceShippedOrderId: aliceShipped.orderId,
    aliceShipmentId: aliceShipped.shipmentId,
    importId,
    aliceQuoteId,
    adminQuoteId,
    adminQuoteLineId: adminQuoteLine.lineId,
    aliceListId,
    adminListId,
    companyId: carolCompany.companyId,
    companyAdmin: carol,
    priceListId,
  };
}

/** A second order of the item for the customer, shipped: the order, its shipment and its VAT invoice's number. */
async function shippedOrderFor(userId: number, itemId: number) {
  const order = await placeOrder({
    userId,
    lines: [{ itemId, quantity: 1 }],
    address: "1 Alice Road",
    phone: "+1 555 0101",
    token: randomUUID(),
  });
  if (!order.ok) throw new Error("fixture order failed");
  const shipped = await shipReadyParts(order.orderId, { userId: null, carrier: "own-van", trackingNumber: null });
  if (!shipped.ok) throw new Error(`fixture order not shipped: ${shipped.reason}`);
  return { orderId: order.orderId, shipmentId: shipped.shipmentId, invoiceNumber: shipped.invoice.number };
}

/** A saved parts list of the item for the customer; their cart is left empty. */
async function savedListFor(userId: number, itemId: number) {
  await addLinesToCart(userId, [{ itemId, quantity: 3 }]);
  const saved = await saveCartAsList(userId, "Fixture kit");
  if (!saved.ok) throw new Error(`fixture list refused: ${saved.reason}`);
  await db.deleteFrom("carts").where("user_id", "=", userId).execute();
  return saved.listId;
}

/** A quote of the item for the customer, priced and sent (valid 30 days); their cart is left empty. */
async function sentQuoteFor(userId: number, itemId: number) {
  await addLinesToCart(userId, [{ itemId, quantity: 2 }]);
  const created = await requestQuote(userId, "Fixture quote");
  if (!created.ok) throw new Error(`fixture quote refused: ${created.reason}`);
  await db.deleteFrom("carts").where("user_id", "=", userId).execute();
  const quote = (await getQuote(created.quoteId))!;
  const sent = await sendQuote(created.quoteId, {
    version: quote.version,
    validUntil: addCalendarDays(storeToday(), 30),
    prices: new Map(quote.lines.map((line) => [line.lineId, 800])),
  });
  if (!sent.ok) throw new Error(`fixture quote not sent: ${sent.reason}`);
  return created.quoteId;
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
let fingerprintedTables: Promise<string[]> | undefined;

/**
 * A value that moves whenever any row is written, on any table: SQLite's count of rows this
 * connection changed (the in-process app shares it) with its counter of other connections' commits;
 * PostgreSQL's next transaction id, which only a transaction that writes takes. Equal values mean
 * nothing was written between them, so the fingerprint cannot have changed either.
 */
async function writeMarker() {
  if (process.env.TEST_DATABASE === "postgres") {
    const { rows } = await sql<{
      marker: string;
    }>`select pg_snapshot_xmax(pg_current_snapshot())::text as marker`.execute(db);
    return rows[0].marker;
  }
  const { rows } = await sql<{ marker: string }>`
    select total_changes() || ':' || (select data_version from pragma_data_version) as marker`.execute(db);
  return rows[0].marker;
}

let lastFingerprint: { marker: string; hash: string } | undefined;

/**
 * A fingerprint of every business table's rows. Rate-limit counters are left out: counting a
 * failed sign-in is the point of them, not a change to the shop. Read again only when something
 * was written since the last one (writeMarker): the fuzz suite takes 15,000 of them, most after a
 * refusal that wrote nothing, and reading 50 tables each time was three quarters of its time.
 */
export async function databaseFingerprint() {
  const marker = await writeMarker();
  if (lastFingerprint?.marker === marker) return lastFingerprint.hash;
  const hash = await readFingerprint();
  lastFingerprint = { marker, hash };
  return hash;
}

async function readFingerprint() {
  // The schema does not change during a run: read once (half of a fingerprint's time, 15,000 times a run).
  fingerprintedTables ??= db.introspection.getTables().then((found) =>
    found
      .map((table) => table.name)
      .filter((name) => !IGNORED_TABLES.has(name))
      .sort(),
  );
  const tables = await fingerprintedTables;
  const snapshots = await Promise.all(
    tables.map((table) => sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db)),
  );
  const hash = createHash("sha256");
  tables.forEach((table, index) => hash.update(table).update(JSON.stringify(snapshots[index].rows)));
  return hash.digest("hex");
}
