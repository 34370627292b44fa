import { describe, expect, test } from "vitest";

import { GUEST_CART_COOKIE_NAME } from "~/auth/guest-cart.server";
import { db, now } from "~/db/db.server";
import {
  addLinesToCart,
  getCart,
  GUEST_CART_LIFETIME_MS,
  guestCartHashOf,
  listCartItemIds,
  mergeGuestCart,
  sweepExpiredGuestCarts,
} from "~/models/cart";
import { deleteItem, updateItem } from "~/models/item";
import * as root from "~/root";
import * as cartPage from "~/routes/cart";
import * as checkoutPage from "~/routes/checkout";
import * as quickOrderPage from "~/routes/quick-order";
import * as signIn from "~/routes/sign-in";
import * as signUp from "~/routes/sign-up";
import { MAX_CART_LINES } from "~/validation/cart";
import { MAX_ORDER_QUANTITY } from "~/validation/order";

import { PERSONAL_COOKIES } from "../../server/page-cache";
import { newItem } from "../support/builders";
import { call, cookieFrom, flashOf, getRequest, type Outcome, postRequest } from "../support/http";
import { uniqueEmail } from "../support/unique";
import { createSignedInUser, newUser, sessionCookieFor, TEST_PASSWORD } from "../support/users";

// A visitor's cart (docs/decisions/0029-guest-carts.md): filled without an account, held by its own
// cookie, moved into the account's cart at sign-in or sign-up.

/** The visitor's cart cookie a response set (`__cart=…`), as the browser sends it back; "" when none. */
function cartCookieOf(outcome: Outcome) {
  return cookieFrom(outcome)
    .split("; ")
    .filter((cookie) => cookie.startsWith(`${GUEST_CART_COOKIE_NAME}=`))
    .join("; ");
}

function setCartCookieHeader(outcome: Outcome) {
  return outcome.headers.getSetCookie().find((header) => header.startsWith(`${GUEST_CART_COOKIE_NAME}=`));
}

/** Add to Cart as a visitor sends it from a product page; the cookie it holds afterwards. */
async function visitorAdds(cookie: string, itemId: number, quantity: number | string, intent = "add") {
  const outcome = await call(
    cartPage.action,
    postRequest(
      "/cart",
      { intent, itemId: String(itemId), quantity: String(quantity), returnTo: "/items" },
      { cookie },
    ),
  );
  return { outcome, cookie: cartCookieOf(outcome) || cookie };
}

/** A visitor with these lines in their cart: their cookie. */
async function visitorWith(lines: [itemId: number, quantity: number][]) {
  let cookie = "";
  for (const [itemId, quantity] of lines) {
    const added = await visitorAdds(cookie, itemId, quantity);
    expect(added.outcome.status).toBe(302);
    cookie = added.cookie;
  }
  return cookie;
}

async function cartPageOf(cookie: string) {
  const page = await call(cartPage.loader, getRequest("/cart", { cookie }));
  expect(page.status).toBe(200);
  return page.data as Awaited<ReturnType<typeof cartPage.loader>>;
}

async function linesOf(cookie: string) {
  const { bill } = await cartPageOf(cookie);
  return bill.lines.map((line) => [line.partNumber, line.quantity]);
}

async function guestCartRows() {
  return db.selectFrom("carts").selectAll().where("token_hash", "is not", null).execute();
}

/** The token a cart cookie carries: the signed value's first part, base64 JSON of the token. */
function tokenIn(cookie: string) {
  const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as string;
}

async function accountLines(userId: number) {
  return (await getCart(userId)).lines.map((line) => [line.partNumber, line.quantity]);
}

describe("a visitor's cart", () => {
  test("Add to Cart, update and remove work signed out; the cookie names the cart and the row holds only its hash", async () => {
    const gear = await newItem({ quantity: 50 });
    const bolt = await newItem({ quantity: 50 });
    const first = await visitorAdds("", gear.id, 2);
    expect(first.outcome.status).toBe(302);
    expect(first.outcome.location).toBe("/items");
    expect(await flashOf(first.outcome)).toMatchObject({ message: "Added to your cart (2 in the cart)." });
    const header = setCartCookieHeader(first.outcome)!;
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(new RegExp(`; Max-Age=${GUEST_CART_LIFETIME_MS / 1000}`));
    const token = tokenIn(first.cookie);
    const [row] = await db.selectFrom("carts").selectAll().where("token_hash", "=", guestCartHashOf(token)).execute();
    expect(row).toMatchObject({ user_id: null });
    expect(JSON.stringify(await guestCartRows())).not.toContain(token);

    const cookie = first.cookie;
    expect((await visitorAdds(cookie, gear.id, 3)).outcome.status).toBe(302);
    expect((await visitorAdds(cookie, bolt.id, 4)).outcome.status).toBe(302);
    expect(await linesOf(cookie)).toEqual([
      [gear.part_number, 5],
      [bolt.part_number, 4],
    ]);
    expect((await visitorAdds(cookie, gear.id, 7, "update")).outcome.status).toBe(302);
    const removed = await call(
      cartPage.action,
      postRequest("/cart", { intent: "remove", itemId: String(bolt.id) }, { cookie }),
    );
    expect(removed.status).toBe(302);
    expect(await linesOf(cookie)).toEqual([[gear.part_number, 7]]);
    // One cart all along.
    expect(
      await db.selectFrom("carts").select("id").where("token_hash", "=", guestCartHashOf(token)).execute(),
    ).toHaveLength(1);
    const header2 = await call(root.loader, getRequest("/", { cookie }));
    expect(header2.data.cartItemIds).toEqual([gear.id]);
  });

  test("the whole bill without an account: price breaks, shipping and VAT", async () => {
    const gear = await newItem(
      { price_cents: 1250, quantity: 100 },
      { priceBreaks: [{ minQuantity: 10, priceCents: 1000 }] },
    );
    const cookie = await visitorWith([[gear.id, 12]]);
    const { bill, signedIn } = await cartPageOf(cookie);
    expect(signedIn).toBe(false);
    expect(bill.lines).toMatchObject([{ quantity: 12, unitPriceCents: 1000, lineTotalCents: 12_000 }]);
    // £120.00 of goods, under FREE_SHIPPING_OVER: £9.50 shipping, and 20% VAT on both.
    expect(bill.totals).toEqual({ subtotalCents: 12_000, shippingCents: 950, taxCents: 2_590, totalCents: 15_540 });
  });

  test("a refused add makes no cart and sends no cookie; a visitor with no cart sees an empty one", async () => {
    const packs = await newItem({ quantity: 100, min_order_quantity: 10 });
    const before = (await guestCartRows()).length;
    const refused = await visitorAdds("", packs.id, 3);
    expect(refused.outcome.status).toBe(400);
    expect(setCartCookieHeader(refused.outcome)).toBeUndefined();
    const removed = await call(cartPage.action, postRequest("/cart", { intent: "remove", itemId: String(packs.id) }));
    expect(removed.status).toBe(302);
    expect(setCartCookieHeader(removed)).toBeUndefined();
    expect((await guestCartRows()).length).toBe(before);
    expect((await cartPageOf("")).bill.lines).toEqual([]);
  });

  test("checkout still needs an account: a visitor is sent to sign in and comes back to /checkout", async () => {
    const gear = await newItem({ quantity: 50 });
    const cookie = await visitorWith([[gear.id, 1]]);
    const checkout = await call(checkoutPage.loader, getRequest("/checkout", { cookie }));
    expect(checkout.status).toBe(302);
    expect(checkout.location).toBe(`/sign-in?redirectTo=${encodeURIComponent("/checkout")}`);
  });

  test("quick order stays an account's page: a visitor is sent to sign in and back, and nothing is made", async () => {
    const gear = await newItem({ quantity: 50 });
    const cartsBefore = (await guestCartRows()).length;
    const page = await call(quickOrderPage.loader, getRequest("/quick-order"));
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/sign-in?redirectTo=${encodeURIComponent("/quick-order")}`);
    const posted = await call(quickOrderPage.action, postRequest("/quick-order", { lines: `${gear.part_number} 6` }));
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/sign-in\?redirectTo=/);
    expect(cartCookieOf(posted)).toBe("");
    expect(await guestCartRows()).toHaveLength(cartsBefore);
  });

  test("an expired cart is ignored, its cookie removed, and its lines never come back", async () => {
    const gear = await newItem({ quantity: 50 });
    const cookie = await visitorWith([[gear.id, 3]]);
    const hash = guestCartHashOf(tokenIn(cookie));
    const past = new Date(Date.now() - 1000).toISOString();
    await db.updateTable("carts").set({ expires_at: past }).where("token_hash", "=", hash).execute();
    // Another visitor's cart, long expired.
    const other = await visitorWith([[gear.id, 1]]);
    const otherHash = guestCartHashOf(tokenIn(other));
    await db.updateTable("carts").set({ expires_at: past }).where("token_hash", "=", otherHash).execute();

    expect((await cartPageOf(cookie)).bill.lines).toEqual([]);
    const page = await call(root.loader, getRequest("/", { cookie }));
    expect(page.data.cartItemIds).toEqual([]);
    expect(page.headers.getSetCookie().join()).toMatch(new RegExp(`${GUEST_CART_COOKIE_NAME}=;.*Max-Age=0`));

    // The same cookie adds again: a new cart, without the old lines; expired carts are swept meanwhile.
    const again = await visitorAdds(cookie, gear.id, 2);
    expect(again.outcome.status).toBe(302);
    expect(await linesOf(cookie)).toEqual([[gear.part_number, 2]]);
    expect(await db.selectFrom("carts").select("id").where("token_hash", "=", otherHash).execute()).toEqual([]);
    expect(await mergeGuestCart(tokenIn(other), (await newUser()).id)).toBeNull();
  });

  test("expired carts are swept oldest first, a batch at a time", async () => {
    const stamp = now();
    const rows = Array.from({ length: 3 }, (_, index) => ({
      token_hash: guestCartHashOf(`sweep-${stamp}-${index}`),
      created_at: stamp,
      updated_at: stamp,
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    }));
    await db.insertInto("carts").values(rows).execute();
    expect(await sweepExpiredGuestCarts()).toBeGreaterThanOrEqual(3);
    const left = await db
      .selectFrom("carts")
      .select("id")
      .where(
        "token_hash",
        "in",
        rows.map((row) => row.token_hash),
      )
      .execute();
    expect(left).toEqual([]);
  });

  test("the page cache treats the cart cookie as it treats the session's", () => {
    expect(PERSONAL_COOKIES).toContain(`${GUEST_CART_COOKIE_NAME}=`);
  });
});

describe("moving a visitor's cart into an account", () => {
  test("quantities are added, minimums kept, bounds kept, parts off sale left out; the message says so", async () => {
    const gear = await newItem({ quantity: 100, part_number: `GW-SG-${Date.now()}` });
    const packs = await newItem({ quantity: 100, min_order_quantity: 5 });
    const bulk = await newItem({ quantity: 20_000 });
    const fresh = await newItem({ quantity: 100 });
    const hidden = await newItem({ quantity: 100 });
    const deleted = await newItem({ quantity: 100 });
    const cookie = await visitorWith([
      [gear.id, 25],
      [packs.id, 5],
      [bulk.id, 9_000],
      [fresh.id, 1],
      [hidden.id, 2],
      [deleted.id, 2],
    ]);
    const { user } = await createSignedInUser();
    await addLinesToCart(user.id, [
      { itemId: gear.id, quantity: 4 },
      { itemId: bulk.id, quantity: 2_000 },
    ]);
    // Since the visitor added them: the pack size grew, one part was hidden, one deleted.
    await updateItem(packs.id, { min_order_quantity: 20 });
    await updateItem(hidden.id, { hidden: 1 });
    expect((await deleteItem(deleted.id)).ok).toBe(true);

    const merge = await mergeGuestCart(tokenIn(cookie), user.id);
    expect(merge).toEqual({
      added: [
        { partNumber: gear.part_number, quantity: 25, had: 4, total: 29 },
        {
          partNumber: packs.part_number,
          quantity: 5,
          had: 0,
          total: 20,
          adjusted: { to: "minimum", quantity: 20 },
        },
        {
          partNumber: bulk.part_number,
          quantity: 9_000,
          had: 2_000,
          total: MAX_ORDER_QUANTITY,
          adjusted: { to: "most", quantity: MAX_ORDER_QUANTITY },
        },
        { partNumber: fresh.part_number, quantity: 1, had: 0, total: 1 },
      ],
      noLongerSold: [hidden.part_number],
      noRoom: [],
    });
    // In the order they were first added: the visitor's lines before the account's here.
    expect(await accountLines(user.id)).toEqual([
      [packs.part_number, 20],
      [fresh.part_number, 1],
      [gear.part_number, 29],
      [bulk.part_number, MAX_ORDER_QUANTITY],
    ]);
    // The visitor's cart is gone: a second move finds nothing and doubles nothing.
    expect(
      await db
        .selectFrom("carts")
        .select("id")
        .where("token_hash", "=", guestCartHashOf(tokenIn(cookie)))
        .execute(),
    ).toEqual([]);
    expect(await mergeGuestCart(tokenIn(cookie), user.id)).toBeNull();
    expect((await accountLines(user.id)).length).toBe(4);
  });

  test("sign-in moves the cart, removes its cookie, tells the buyer and lands on redirectTo", async () => {
    const gear = await newItem({ quantity: 100 });
    const bolt = await newItem({ quantity: 100 });
    const { user } = await createSignedInUser();
    const cookie = await visitorWith([
      [gear.id, 25],
      [bolt.id, 2],
    ]);
    const signedIn = await call(
      signIn.action,
      postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD, redirectTo: "/checkout" }, { cookie }),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/checkout");
    expect(setCartCookieHeader(signedIn)).toMatch(/^__cart=;.*Max-Age=0/);
    expect(await flashOf(signedIn)).toEqual({
      kind: "success",
      message: `25 × ${gear.part_number} and 2 × ${bolt.part_number} added to your cart.`,
      links: [{ href: "/cart", label: "Your cart" }],
    });
    expect(await accountLines(user.id)).toEqual([
      [gear.part_number, 25],
      [bolt.part_number, 2],
    ]);

    // The old cookie, sent again with a second sign-in (another tab, a replay), adds nothing.
    const again = await call(
      signIn.action,
      postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD, redirectTo: "/" }, { cookie }),
    );
    expect(again.status).toBe(302);
    expect(await flashOf(again)).toBeNull();
    expect(await accountLines(user.id)).toEqual([
      [gear.part_number, 25],
      [bolt.part_number, 2],
    ]);
  });

  test("sign-up moves the cart into the new account", async () => {
    const gear = await newItem({ quantity: 100 });
    const cookie = await visitorWith([[gear.id, 3]]);
    const email = uniqueEmail("signup");
    const created = await call(
      signUp.action,
      postRequest("/sign-up", { name: "Ada", email, password: TEST_PASSWORD, redirectTo: "/checkout" }, { cookie }),
    );
    expect(created.status).toBe(302);
    expect(created.location).toBe("/checkout");
    expect(setCartCookieHeader(created)).toMatch(/^__cart=;.*Max-Age=0/);
    expect((await flashOf(created)).message).toBe(`3 × ${gear.part_number} added to your cart.`);
    const account = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await accountLines(account.id)).toEqual([[gear.part_number, 3]]);
  });

  test("two sign-ins at once with one cart cookie add its lines once", async () => {
    const gear = await newItem({ quantity: 100 });
    const { user } = await createSignedInUser();
    const cookie = await visitorWith([[gear.id, 7]]);
    const token = tokenIn(cookie);
    const merges = await Promise.all([mergeGuestCart(token, user.id), mergeGuestCart(token, user.id)]);
    const moved = merges.filter((merge) => merge?.added.length);
    expect(moved).toHaveLength(1);
    expect(await accountLines(user.id)).toEqual([[gear.part_number, 7]]);
  });

  test("a full account cart takes no new parts; the message names them and stays short", async () => {
    const { user } = await createSignedInUser();
    const stamp = now();
    const many = await db
      .insertInto("items")
      .values(
        Array.from({ length: MAX_CART_LINES + 7 }, (_, index) => ({
          name: `Cap part ${index}`,
          img: "/images/items/spur-gear.svg",
          description: "Fills a cart.",
          price_cents: 100,
          quantity: 100,
          supplier_name: "Gearwright Works",
          part_number: `GW-CAP-${user.id}-${index}`,
          part_number_key: `gwcap${user.id}x${index}`,
          created_at: stamp,
        })),
      )
      .returning("id")
      .execute();
    const ids = many.map((row) => row.id);
    expect(
      await addLinesToCart(
        user.id,
        ids.slice(0, MAX_CART_LINES).map((itemId) => ({ itemId, quantity: 1 })),
      ),
    ).toBe(MAX_CART_LINES);
    // Full: Add to Cart of a new part is refused, of a part already in it still adds.
    const cookieOfUser = await sessionCookieFor(user);
    const refused = await call(
      cartPage.action,
      postRequest(
        "/cart",
        { intent: "add", itemId: String(ids[MAX_CART_LINES]), quantity: "1" },
        { cookie: cookieOfUser },
      ),
    );
    expect(refused.status).toBe(409);
    const more = await call(
      cartPage.action,
      postRequest("/cart", { intent: "add", itemId: String(ids[0]), quantity: "1" }, { cookie: cookieOfUser }),
    );
    expect(more.status).toBe(302);

    const cookie = await visitorWith([
      [ids[0], 2],
      ...ids.slice(MAX_CART_LINES).map((itemId): [number, number] => [itemId, 1]),
    ]);
    const signedIn = await call(
      signIn.action,
      postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD, redirectTo: "/cart" }, { cookie }),
    );
    const flash = await flashOf(signedIn);
    expect(flash.message).toBe(
      `2 × GW-CAP-${user.id}-0 (now 4) added to your cart; GW-CAP-${user.id}-${MAX_CART_LINES}, ` +
        [1, 2, 3, 4].map((index) => `GW-CAP-${user.id}-${MAX_CART_LINES + index}`).join(", ") +
        ` and 2 more parts did not fit: a cart holds at most ${MAX_CART_LINES} parts.`,
    );
    expect(flash.links).toBeUndefined();
    expect((await listCartItemIds(user.id)).length).toBe(MAX_CART_LINES);
  });
});
