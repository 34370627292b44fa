import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { addLinesToCart, cartLinesOf } from "~/models/cart";
import { setCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { saveCartAsList } from "~/models/parts-lists";
import * as cartPage from "~/routes/cart";
import * as checkoutPage from "~/routes/checkout";
import * as listsPage from "~/routes/dashboard.lists";
import * as listPage from "~/routes/dashboard.lists_.$id";
import * as manageOrderPage from "~/routes/dashboard.manage-order_.$id";
import * as myOrderPage from "~/routes/dashboard.my-order_.$id";
import * as quickOrderPage from "~/routes/quick-order";
import { MAX_PARTS_LISTS } from "~/validation/parts-lists";

import { newItem } from "../support/builders";
import { call, fieldErrors, flashOf, formErrors, getRequest, postRequest } from "../support/http";
import { placeTestOrder } from "../support/orders";
import { createSignedInUser } from "../support/users";

// Saved parts lists and the buyer's own part numbers (issue 26) through their pages' loaders and
// actions on a real database.

type Buyer = Awaited<ReturnType<typeof createSignedInUser>>;

async function buyerWithCart() {
  const buyer = await createSignedInUser({ displayName: "Lena Lists" });
  const gear = await newItem({ price_cents: 1250, quantity: 500 });
  const belt = await newItem({ price_cents: 4000, quantity: 50 });
  await addLinesToCart(buyer.user.id, [
    { itemId: gear.id, quantity: 40 },
    { itemId: belt.id, quantity: 3 },
  ]);
  return { buyer, gear, belt };
}

function saveList(buyer: Buyer | null, name: string) {
  return call(
    cartPage.action,
    postRequest("/cart", { intent: "save-list", name }, buyer ? { cookie: buyer.cookie } : {}),
  );
}

async function savedList(buyer: Buyer, name = "Line 3 maintenance kit") {
  const outcome = await saveList(buyer, name);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(302);
  return Number(/^\/dashboard\/lists\/(\d+)$/.exec(outcome.location!)![1]);
}

function postToList(buyer: Buyer, listId: number, fields: Record<string, string>) {
  return call(listPage.action, postRequest(`/dashboard/lists/${listId}`, fields, { cookie: buyer.cookie }), {
    id: String(listId),
  });
}

function viewList(buyer: Buyer, listId: number) {
  return call(listPage.loader, getRequest(`/dashboard/lists/${listId}`, { cookie: buyer.cookie }), {
    id: String(listId),
  });
}

async function emptyCart(userId: number) {
  await db
    .deleteFrom("cart_lines")
    .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("user_id", "=", userId))
    .execute();
}

describe("saving a cart as a parts list", () => {
  test("the cart's lines become a named list; the cart stays as it was", async () => {
    const { buyer, gear, belt } = await buyerWithCart();
    const outcome = await saveList(buyer, "  Line 3 maintenance kit ");
    expect(outcome.status).toBe(302);
    expect((await flashOf(outcome)).message).toBe("Saved 2 parts as “Line 3 maintenance kit”. Your cart is as it was.");
    const listId = Number(outcome.location!.split("/").at(-1));
    const page = await viewList(buyer, listId);
    expect(page.status).toBe(200);
    expect(page.data.list.name).toBe("Line 3 maintenance kit");
    expect(
      page.data.list.lines.map((line: { itemId: number; quantity: number }) => [line.itemId, line.quantity]),
    ).toEqual([
      [gear.id, 40],
      [belt.id, 3],
    ]);
    expect(await cartLinesOf(buyer.user.id)).toHaveLength(2);

    const index = await call(listsPage.loader, getRequest("/dashboard/lists", { cookie: buyer.cookie }));
    expect(index.data.mine).toEqual([expect.objectContaining({ id: listId, lineCount: 2 })]);
  });

  test("a name the buyer already uses (in any case) is refused with a message", async () => {
    const { buyer } = await buyerWithCart();
    await savedList(buyer, "Spares");
    const again = await saveList(buyer, "SPARES");
    expect(again.status).toBe(400);
    expect(fieldErrors(again).name).toEqual(["You already have a list named “SPARES”: choose another name."]);
    // Another buyer may use the same name.
    const other = await buyerWithCart();
    expect((await saveList(other.buyer, "Spares")).status).toBe(302);
  });

  test("an empty cart, a visitor, a blank or long name, and the 51st list are refused", async () => {
    const buyer = await createSignedInUser();
    const empty = await saveList(buyer, "Nothing");
    expect(empty.status).toBe(400);
    expect(formErrors(empty)).toEqual(["Your cart is empty: add the parts you want to keep first."]);

    const visitor = await saveList(null, "Mine");
    expect(visitor.status).toBe(401);
    expect(formErrors(visitor)).toEqual(["Sign in to save a parts list: your cart comes along."]);

    const { buyer: full } = await buyerWithCart();
    expect((await saveList(full, "   ")).status).toBe(400);
    expect((await saveList(full, "x".repeat(81))).status).toBe(400);
    for (let index = 0; index < MAX_PARTS_LISTS; index++) {
      const saved = await saveCartAsList(full.user.id, `Kit ${index}`);
      expect(saved.ok).toBe(true);
    }
    const tooMany = await saveList(full, "One more");
    expect(tooMany.status).toBe(400);
    expect(formErrors(tooMany)).toEqual([
      `You have ${MAX_PARTS_LISTS} parts lists, the most you may keep: delete one first.`,
    ]);
  });
});

describe("another buyer's list", () => {
  test("is not found, on the page and for every action, and nothing changes", async () => {
    const { buyer: alice, gear } = await buyerWithCart();
    const listId = await savedList(alice);
    const bob = await createSignedInUser();
    const page = await viewList(bob, listId);
    expect(page.status).toBe(404);
    const missing = await viewList(bob, listId + 100_000);
    expect(missing.status).toBe(404);
    expect(page.data).toBe(missing.data);
    for (const fields of <Record<string, string>[]>[
      { intent: "rename", name: "Mine now" },
      { intent: "update", itemId: String(gear.id), quantity: "7" },
      { intent: "remove", itemId: String(gear.id) },
      { intent: "part-number", itemId: String(gear.id), customerPartNumber: "BOB-1" },
      { intent: "add-to-cart" },
      { intent: "delete" },
    ]) {
      const outcome = await postToList(bob, listId, fields);
      expect(outcome.status, fields.intent).toBe(404);
      expect(formErrors(outcome)).toEqual(["Parts list not found."]);
    }
    const fromIndex = await call(
      listsPage.action,
      postRequest("/dashboard/lists", { intent: "add-to-cart", listId: String(listId) }, { cookie: bob.cookie }),
    );
    expect(fromIndex.status).toBe(404);
    expect(await cartLinesOf(bob.user.id)).toEqual([]);
    const list = (await viewList(alice, listId)).data.list;
    expect(list.name).toBe("Line 3 maintenance kit");
    expect(list.lines).toHaveLength(2);
    expect(list.lines[0]).not.toHaveProperty("customerPartNumber");
  });
});

describe("editing a list and putting it in the cart", () => {
  test("rename, change a quantity, remove a line, then delete", async () => {
    const { buyer, gear, belt } = await buyerWithCart();
    const listId = await savedList(buyer);
    await savedList(buyer, "Other");
    expect((await postToList(buyer, listId, { intent: "rename", name: "other" })).status).toBe(400);
    const renamed = await postToList(buyer, listId, { intent: "rename", name: "Press 2 spares" });
    expect(renamed.status).toBe(302);
    expect(
      (await postToList(buyer, listId, { intent: "update", itemId: String(gear.id), quantity: "12" })).status,
    ).toBe(302);
    expect((await postToList(buyer, listId, { intent: "update", itemId: String(gear.id), quantity: "0" })).status).toBe(
      400,
    );
    expect((await postToList(buyer, listId, { intent: "remove", itemId: String(belt.id) })).status).toBe(302);
    const list = (await viewList(buyer, listId)).data.list;
    expect(list.name).toBe("Press 2 spares");
    expect(list.lines.map((line: { itemId: number; quantity: number }) => [line.itemId, line.quantity])).toEqual([
      [gear.id, 12],
    ]);
    const other = await newItem();
    const notOnList = await postToList(buyer, listId, { intent: "update", itemId: String(other.id), quantity: "2" });
    expect(notOnList.status).toBe(404);

    expect(
      (
        await call(listPage.loader, getRequest(`/dashboard/lists/${listId}?delete=1`, { cookie: buyer.cookie }), {
          id: String(listId),
        })
      ).data.confirmDelete,
    ).toBe(true);
    const deleted = await postToList(buyer, listId, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/dashboard/lists");
    expect((await viewList(buyer, listId)).status).toBe(404);
  });

  test("Add to cart adds the list's quantities to what the cart holds, and says what went in", async () => {
    const { buyer, gear, belt } = await buyerWithCart();
    const listId = await savedList(buyer);
    const fromPage = await postToList(buyer, listId, { intent: "add-to-cart" });
    expect(fromPage.status).toBe(302);
    expect(fromPage.location).toBe("/cart");
    expect((await flashOf(fromPage)).message).toBe("Added 2 parts from the list to your cart.");
    const quantities = async () =>
      Object.fromEntries((await cartLinesOf(buyer.user.id)).map((line) => [line.itemId, line.quantity]));
    expect(await quantities()).toEqual({ [gear.id]: 80, [belt.id]: 6 });

    await emptyCart(buyer.user.id);
    const fromIndex = await call(
      listsPage.action,
      postRequest("/dashboard/lists", { intent: "add-to-cart", listId: String(listId) }, { cookie: buyer.cookie }),
    );
    expect(fromIndex.status).toBe(302);
    expect(await quantities()).toEqual({ [gear.id]: 40, [belt.id]: 3 });

    // A part taken off sale since stays out, and the buyer is told.
    await db.updateTable("items").set({ hidden: 1 }).where("id", "=", belt.id).execute();
    await emptyCart(buyer.user.id);
    const partly = await postToList(buyer, listId, { intent: "add-to-cart" });
    expect((await flashOf(partly)).message).toBe(
      `Added 1 part from the list to your cart. No longer sold: ${belt.part_number}.`,
    );
    expect(await quantities()).toEqual({ [gear.id]: 40 });
  });
});

describe("the buyer's own part numbers", () => {
  test("given on the list, shown on the list, the cart and checkout, and accepted by quick order", async () => {
    const { buyer, gear, belt } = await buyerWithCart();
    const listId = await savedList(buyer);
    const set = await postToList(buyer, listId, {
      intent: "part-number",
      itemId: String(gear.id),
      customerPartNumber: "ABC-123",
    });
    expect(set.status, JSON.stringify(set.data)).toBe(302);

    const list = (await viewList(buyer, listId)).data.list;
    expect(list.lines.find((line: { itemId: number }) => line.itemId === gear.id).customerPartNumber).toBe("ABC-123");

    const cart = await call(cartPage.loader, getRequest("/cart", { cookie: buyer.cookie }));
    const cartGear = cart.data.bill.lines.find((line: { itemId: number }) => line.itemId === gear.id);
    expect(cartGear.customerPartNumber).toBe("ABC-123");
    expect(cart.data.bill.lines.find((line: { itemId: number }) => line.itemId === belt.id).customerPartNumber).toBe(
      undefined,
    );
    const checkout = await call(checkoutPage.loader, getRequest("/checkout", { cookie: buyer.cookie }));
    expect(
      checkout.data.bill.lines.find((line: { itemId: number }) => line.itemId === gear.id).customerPartNumber,
    ).toBe("ABC-123");

    // Quick order takes the buyer's own number (typed loosely, as ours may be) as well as ours.
    await emptyCart(buyer.user.id);
    const quick = await call(
      quickOrderPage.action,
      postRequest("/quick-order", { lines: `abc 123, 5\n${belt.part_number} 2` }, { cookie: buyer.cookie }),
    );
    expect(quick.status, JSON.stringify(quick.data)).toBe(302);
    expect(Object.fromEntries((await cartLinesOf(buyer.user.id)).map((line) => [line.itemId, line.quantity]))).toEqual({
      [gear.id]: 5,
      [belt.id]: 2,
    });

    // Another buyer's number means nothing to anyone else.
    const bob = await createSignedInUser();
    const theirs = await call(
      quickOrderPage.action,
      postRequest("/quick-order", { lines: "ABC-123 5" }, { cookie: bob.cookie }),
    );
    expect(theirs.status).toBe(200);
    expect(theirs.data.outcome.rejected).toHaveLength(1);
  });

  test("one number per part: reused for another part it is refused; blank removes it; bounds hold", async () => {
    const { buyer, gear, belt } = await buyerWithCart();
    const listId = await savedList(buyer);
    const give = (itemId: number, customerPartNumber: string) =>
      postToList(buyer, listId, { intent: "part-number", itemId: String(itemId), customerPartNumber });
    expect((await give(gear.id, "PUMP-7")).status).toBe(302);
    const reused = await give(belt.id, "pump 7");
    expect(reused.status).toBe(400);
    expect(fieldErrors(reused).customerPartNumber).toEqual([
      `You already use this number for ${gear.part_number}: give each part its own.`,
    ]);
    expect((await give(gear.id, "x".repeat(41))).status).toBe(400);
    expect((await give(gear.id, "<script>")).status).toBe(400);
    // A part not on the list gets no number from this page.
    const stranger = await newItem();
    expect((await give(stranger.id, "ZZ-1")).status).toBe(404);
    expect((await give(gear.id, "")).status).toBe(302);
    expect((await viewList(buyer, listId)).data.list.lines[0]).not.toHaveProperty("customerPartNumber");
    // The model bounds a number the same way when called alone.
    expect(await setCustomerPartNumber(buyer.user.id, 2_000_000_000, "Q-1")).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  test("shown on the buyer's order page, to staff on Manage Orders, and in the confirmation mail", async () => {
    const { buyer, gear, belt } = await buyerWithCart();
    await setCustomerPartNumber(buyer.user.id, gear.id, "MY-GEAR-9");
    const placed = await placeTestOrder(buyer.user.id, [
      { itemId: gear.id, quantity: 2 },
      { itemId: belt.id, quantity: 1 },
    ]);
    if (!placed.ok) throw new Error("order refused");
    const id = String(placed.orderId);
    const mine = await call(myOrderPage.loader, getRequest(`/dashboard/my-order/${id}`, { cookie: buyer.cookie }), {
      id,
    });
    expect(mine.data.customerPartNumbers).toEqual({ [gear.id]: "MY-GEAR-9" });
    const staff = await createSignedInUser({ role: "admin" });
    const managed = await call(
      manageOrderPage.loader,
      getRequest(`/dashboard/manage-order/${id}`, { cookie: staff.cookie }),
      { id },
    );
    expect(managed.data.customerPartNumbers).toEqual({ [gear.id]: "MY-GEAR-9" });
    const mail = await db
      .selectFrom("outbox")
      .select(["text_body", "html_body"])
      .where("order_id", "=", placed.orderId)
      .where("kind", "=", "order-placed")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`2 × ${gear.part_number} (your no. MY-GEAR-9) `);
    expect(mail.text_body).not.toContain(`${belt.part_number} (your no.`);
    expect(mail.html_body).toContain("Your no. MY-GEAR-9");
  });
});
