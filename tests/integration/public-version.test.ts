import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { changeCartLine } from "~/models/cart";
import { deleteItem, updateItem } from "~/models/item";
import { publicVersion } from "~/models/public-version.server";
import { createReview, deleteOwnReview } from "~/models/review.server";
import { adjustStock } from "~/models/stock.server";
import { receiveContactMessage } from "~/services/contact.server";
import { changeOrderStatus, shipReadyParts } from "~/services/order-status.server";

import { newCategory, newItem } from "../support/builders";
import { placePending, TEST_SHIPMENT } from "../support/orders";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The public version (migration 0018) decides when the server empties its page cache (decision 19):
// it must move with every committed change an anonymous page shows, and with nothing else, on
// whichever database TEST_DATABASE names. The HTTP tests are in server-page-cache.test.ts.

async function versionMoves(change: () => Promise<unknown>) {
  const before = await publicVersion();
  await change();
  return (await publicVersion()) !== before;
}

describe("the public version", () => {
  test("moves with every change an anonymous page shows", async () => {
    const [first, second] = [await newCategory(), await newCategory()];
    const item = await newItem({ category_id: first.id, quantity: 50 }, [{ name: "Bore", value: "8", unit: "mm" }]);
    const { user } = await createSignedInUser();
    let reviewId = 0;
    let orderId = 0;
    const changes: [string, () => Promise<unknown>][] = [
      ["a new part", () => newItem()],
      ["a name", () => updateItem(item.id, { name: `Renamed ${uniqueToken()}` })],
      ["a picture", () => updateItem(item.id, { img: "/images/items/ball-bearing.svg" })],
      ["a supplier", () => updateItem(item.id, { supplier_name: "Other Works" })],
      ["a price", () => updateItem(item.id, { price_cents: 4321 })],
      ["a lead time", () => updateItem(item.id, { lead_time_days: 3 })],
      ["a minimum order", () => updateItem(item.id, { min_order_quantity: 2 })],
      ["a category", () => updateItem(item.id, { category_id: second.id })],
      ["the specs", () => updateItem(item.id, {}, { specs: [{ name: "Bore", value: "10", unit: "mm" }] })],
      ["the price breaks", () => updateItem(item.id, {}, { priceBreaks: [{ minQuantity: 10, priceCents: 4000 }] })],
      ["stock set by hand", () => db.updateTable("items").set({ quantity: 40 }).where("id", "=", item.id).execute()],
      ["stock adjusted", () => adjustStock(item.id, { change: 5, reason: "Received", userId: null })],
      ["an order", async () => (orderId = await placePending(user.id, item.id, 2))],
      ["a cancelled order", () => changeOrderStatus(orderId, "cancelled")],
      [
        "a category's name",
        () => db.updateTable("categories").set({ name: "Renamed" }).where("id", "=", first.id).execute(),
      ],
      ["a new category", () => newCategory()],
      [
        "a new review",
        async () => (reviewId = (await createReview({ userId: user.id, name: "Ada", rating: 4, review: "Fine." })).id),
      ],
      ["a review edited", () => db.updateTable("reviews").set({ rating: 5 }).where("id", "=", reviewId).execute()],
      ["a review deleted", () => deleteOwnReview(reviewId, user.id)],
      ["a part removed", () => deleteItem(item.id)],
    ];
    for (const [what, change] of changes) expect(await versionMoves(change), what).toBe(true);
  });

  test("stays put when nothing an anonymous page shows changes", async () => {
    const item = await newItem({ quantity: 20 });
    const { user } = await createSignedInUser();
    const orderId = await placePending(user.id, item.id, 1);
    const unchanged: [string, () => Promise<unknown>][] = [
      ["a new customer and session", () => createSignedInUser()],
      ["a cart line", () => changeCartLine(user.id, { itemId: item.id, quantity: 2, mode: "add" })],
      ["a contact message", () => receiveContactMessage({ name: "Ada", email: "ada@example.com", message: "Hello." })],
      ["an order shipped", () => shipReadyParts(orderId, TEST_SHIPMENT)],
      ["a form saved unchanged", () => updateItem(item.id, { name: item.name, price_cents: item.price_cents })],
      ["a part that is already gone", () => deleteItem(item.id + 1_000_000)],
      ["a review that is not there", () => deleteOwnReview(-1, user.id)],
    ];
    for (const [what, change] of unchanged) expect(await versionMoves(change), what).toBe(false);
  });

  // Every checkout changes stock, so a counter every checkout updates while it works would make
  // checkouts wait for each other on PostgreSQL (and could deadlock with their locks on parts).
  // SQLite writes one transaction at a time whatever this does.
  test.skipIf(process.env.TEST_DATABASE !== "postgres")(
    "on PostgreSQL a transaction takes no lock on it before it commits: another stock change commits meanwhile",
    async () => {
      const [held, other] = [await newItem({ quantity: 10 }), await newItem({ quantity: 10 })];
      const before = await publicVersion();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let changed!: () => void;
      const heldChanged = new Promise<void>((resolve) => (changed = resolve));
      const open = db.transaction().execute(async (trx) => {
        await trx.updateTable("items").set({ quantity: 9 }).where("id", "=", held.id).execute();
        changed();
        await gate;
      });
      await heldChanged;
      // No shard row is locked: NOWAIT fails at once if one is.
      await sql`select shard from public_version for update nowait`.execute(db);
      await adjustStock(other.id, { change: -1, reason: "Damaged", userId: null });
      const meanwhile = await publicVersion();
      release();
      await open;
      const after = await publicVersion();
      expect(meanwhile).not.toBe(before);
      expect(after).not.toBe(meanwhile);
    },
  );
});
