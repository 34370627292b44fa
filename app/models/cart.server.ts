import { createHash } from "node:crypto";

import { sql, type Transaction } from "kysely";

import { db, type DbOptions, type Executor, now, Rollback } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { CartMerge } from "~/lib/cart-merge";
import { partNumberKey } from "~/lib/part-number";
import { itemsByCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { getOrderWithLines } from "~/models/order";
import { type Bill, priceLines, type WantedLine } from "~/models/pricing.server";
import { MAX_CART_LINES, type QuickOrderLine } from "~/validation/cart";
import { MAX_ORDER_QUANTITY } from "~/validation/order";

/**
 * Whose cart: an account's, by its user id, or a visitor's, by the random token its own cookie
 * carries (never the session: docs/decisions/0029-guest-carts.md). Only the token's SHA-256 is stored.
 */
export type CartOwner = number | { guestToken: string };

/** How long a visitor's cart lives after its last change; its cookie's Max-Age is the same. */
export const GUEST_CART_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Expired visitors' carts removed each time a new one is made: far more than expire between two. */
const EXPIRED_CARTS_PER_SWEEP = 100;

export type CartChange =
  | { ok: true; quantity: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "below-minimum"; minimum: number; partNumber: string }
  | { ok: false; reason: "short"; available: number; partNumber: string }
  | { ok: false; reason: "too-many" }
  | { ok: false; reason: "cart-full" };

type Trx = Transaction<Database>;

/** The row id for a visitor's token: a leaked carts table holds nothing a browser could present. */
export function guestCartHashOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

function expiresAfter(timestamp: string) {
  return new Date(Date.parse(timestamp) + GUEST_CART_LIFETIME_MS).toISOString();
}

/** The lines of the owner's cart; a visitor's only while it has not expired. */
function linesOfOwner(executor: Executor, owner: CartOwner) {
  const lines = executor.selectFrom("cart_lines").innerJoin("carts", "carts.id", "cart_lines.cart_id");
  return typeof owner === "number"
    ? lines.where("carts.user_id", "=", owner)
    : lines.where("carts.token_hash", "=", guestCartHashOf(owner.guestToken)).where("carts.expires_at", ">", now());
}

/** The cart's lines in the order they were added, priced now; a visitor without a cart has an empty one. */
export async function getCart(owner: CartOwner | null, { executor = db }: DbOptions = {}): Promise<Bill> {
  const wanted = owner === null ? [] : await cartLinesOf(owner, { executor });
  return (await priceLines(wanted, { executor })).bill;
}

export function cartLinesOf(owner: CartOwner, { executor = db }: DbOptions = {}): Promise<WantedLine[]> {
  return linesOfOwner(executor, owner)
    .select(["cart_lines.item_id as itemId", "cart_lines.quantity"])
    .orderBy("cart_lines.added_at")
    .orderBy("cart_lines.item_id")
    .execute();
}

/** The parts in a cart: the header shows how many lines it holds. */
export async function listCartItemIds(owner: CartOwner) {
  const rows = await linesOfOwner(db, owner).select("cart_lines.item_id").execute();
  return rows.map((row) => row.item_id);
}

/**
 * The parts in a visitor's cart, or null when the token names no live cart (it expired, moved into
 * an account, or never held anything): the caller then removes the cookie.
 */
export async function guestCartItemIds(guestToken: string): Promise<number[] | null> {
  const rows = await db
    .selectFrom("carts")
    .leftJoin("cart_lines", "cart_lines.cart_id", "carts.id")
    .select("cart_lines.item_id")
    .where("carts.token_hash", "=", guestCartHashOf(guestToken))
    .where("carts.expires_at", ">", now())
    .execute();
  if (!rows.length) return null;
  return rows.flatMap((row) => (row.item_id === null ? [] : [row.item_id]));
}

/**
 * The owner's cart for a write: its id, after touching its row, so that on PostgreSQL the
 * transaction holds the cart's lock and writes to one cart (two tabs, two processes) take turns;
 * a visitor's cart lives GUEST_CART_LIFETIME_MS from now. Made when missing and `create` is set
 * (something is being put in it), else null: an empty visit never makes a row.
 */
async function cartForWriting(trx: Trx, owner: CartOwner, { create }: { create: boolean }): Promise<number | null> {
  const timestamp = now();
  if (typeof owner === "number") {
    if (!create) {
      const row = await trx
        .updateTable("carts")
        .set({ updated_at: timestamp })
        .where("user_id", "=", owner)
        .returning("id")
        .executeTakeFirst();
      return row?.id ?? null;
    }
    const row = await trx
      .insertInto("carts")
      .values({ user_id: owner, created_at: timestamp, updated_at: timestamp })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ updated_at: timestamp }))
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const tokenHash = guestCartHashOf(owner.guestToken);
  const expiresAt = expiresAfter(timestamp);
  const live = await trx
    .updateTable("carts")
    .set({ updated_at: timestamp, expires_at: expiresAt })
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", timestamp)
    .returning("id")
    .executeTakeFirst();
  if (live || !create) return live?.id ?? null;
  // A new visitor's cart. Expired ones go first, this token's own among them (its old lines must not
  // come back); a twin request making the same cart at this moment is met by the upsert.
  await trx.deleteFrom("carts").where("token_hash", "=", tokenHash).execute();
  await sweepExpiredGuestCarts({ executor: trx });
  const row = await trx
    .insertInto("carts")
    .values({ token_hash: tokenHash, created_at: timestamp, updated_at: timestamp, expires_at: expiresAt })
    .onConflict((oc) => oc.column("token_hash").doUpdateSet({ updated_at: timestamp, expires_at: expiresAt }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Deletes visitors' carts that have expired, the oldest first and a batch at a time (each new
 * visitor's cart runs it, so they never pile up); returns how many went.
 */
export async function sweepExpiredGuestCarts({ executor = db }: DbOptions = {}) {
  const result = await executor
    .deleteFrom("carts")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("carts")
        .select("id")
        .where("expires_at", "<=", now())
        .orderBy("expires_at")
        .limit(EXPIRED_CARTS_PER_SWEEP),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Of these parts, the ones there is no room for in the cart: parts not in it, past MAX_CART_LINES. */
async function partsWithoutRoom(trx: Trx, cartId: number, itemIds: readonly number[]) {
  const present = await trx.selectFrom("cart_lines").select("item_id").where("cart_id", "=", cartId).execute();
  const inCart = new Set(present.map((row) => row.item_id));
  let room = MAX_CART_LINES - inCart.size;
  const without = new Set<number>();
  for (const itemId of itemIds) {
    if (inCart.has(itemId)) continue;
    if (room > 0) room -= 1;
    else without.add(itemId);
  }
  return without;
}

/**
 * Sets a line to `quantity`, or adds `quantity` to it (`mode: "add"`, Add to Cart on a part already
 * in the cart). A line must reach the part's minimum, and fit its stock unless the part takes
 * backorders; the database checks the stock again when the order is placed. A visitor's first line
 * makes their cart.
 */
export async function changeCartLine(
  owner: CartOwner,
  { itemId, quantity, mode }: WantedLine & { mode: "add" | "set" },
): Promise<CartChange> {
  try {
    return await db.transaction().execute(async (trx): Promise<CartChange> => {
      const item = await trx
        .selectFrom("items")
        .select(["quantity", "min_order_quantity", "part_number", "allow_backorder"])
        .where("id", "=", itemId)
        .where("hidden", "=", 0)
        .executeTakeFirst();
      if (!item) return { ok: false, reason: "not-found" };
      const cartId = (await cartForWriting(trx, owner, { create: true }))!;
      if ((await partsWithoutRoom(trx, cartId, [itemId])).size) {
        throw new Rollback<CartChange>({ ok: false, reason: "cart-full" });
      }
      // One statement adds to the line, so two adds at once (two tabs) both count on PostgreSQL too;
      // the line as written is then checked, and a refusal rolls it back.
      const line = await trx
        .insertInto("cart_lines")
        .values({ cart_id: cartId, item_id: itemId, quantity, added_at: now() })
        .onConflict((oc) =>
          oc.columns(["cart_id", "item_id"]).doUpdateSet((eb) => ({
            quantity:
              mode === "add"
                ? eb("cart_lines.quantity", "+", eb.ref("excluded.quantity"))
                : eb.ref("excluded.quantity"),
          })),
        )
        .returning("quantity")
        .executeTakeFirstOrThrow();
      const wanted = line.quantity;
      if (wanted > MAX_ORDER_QUANTITY) throw new Rollback<CartChange>({ ok: false, reason: "too-many" });
      if (wanted < item.min_order_quantity) {
        throw new Rollback<CartChange>({
          ok: false,
          reason: "below-minimum",
          minimum: item.min_order_quantity,
          partNumber: item.part_number,
        });
      }
      if (wanted > item.quantity && item.allow_backorder !== 1) {
        throw new Rollback<CartChange>({
          ok: false,
          reason: "short",
          available: item.quantity,
          partNumber: item.part_number,
        });
      }
      return { ok: true, quantity: wanted };
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as CartChange;
    throw error;
  }
}

/** Takes a part out of the cart; returns whether the owner has a cart (a visitor's lives on from now). */
export function removeCartLine(owner: CartOwner, itemId: number) {
  return db.transaction().execute(async (trx) => {
    const cartId = await cartForWriting(trx, owner, { create: false });
    if (cartId === null) return false;
    await trx.deleteFrom("cart_lines").where("cart_id", "=", cartId).where("item_id", "=", itemId).execute();
    return true;
  });
}

/** Checkout: the ordered parts leave the customer's cart, inside the order's transaction. */
export async function removeOrderedLines(userId: number, itemIds: readonly number[], { executor = db }: DbOptions) {
  if (!itemIds.length) return;
  await executor
    .deleteFrom("cart_lines")
    .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("user_id", "=", userId))
    .where("item_id", "in", itemIds)
    .execute();
}

/**
 * Adds lines into a cart in one statement each: a part already in the cart gets the quantity added,
 * up to MAX_ORDER_QUANTITY. Parts there is no room for are left out and returned.
 */
async function putLines(trx: Trx, cartId: number, wanted: ReadonlyMap<number, number>) {
  const noRoom = await partsWithoutRoom(trx, cartId, [...wanted.keys()]);
  const timestamp = now();
  for (const [itemId, quantity] of wanted) {
    if (noRoom.has(itemId)) continue;
    await trx
      .insertInto("cart_lines")
      .values({
        cart_id: cartId,
        item_id: itemId,
        quantity: Math.min(quantity, MAX_ORDER_QUANTITY),
        added_at: timestamp,
      })
      .onConflict((oc) =>
        oc.columns(["cart_id", "item_id"]).doUpdateSet({
          quantity: sql<number>`case when cart_lines.quantity + excluded.quantity > ${MAX_ORDER_QUANTITY}
            then ${MAX_ORDER_QUANTITY} else cart_lines.quantity + excluded.quantity end`,
        }),
      )
      .execute();
  }
  return noRoom;
}

function summed(lines: readonly WantedLine[]) {
  const merged = new Map<number, number>();
  for (const { itemId, quantity } of lines) merged.set(itemId, (merged.get(itemId) ?? 0) + quantity);
  return merged;
}

/**
 * Adds several lines at once (a quick order, Order again), in one transaction: a part already in
 * the cart gets the quantity added. The caller has checked part numbers and minimums; stock is
 * shown on the cart and checked when the order is placed, so a short line still goes in. Returns
 * how many parts went in (a full cart takes no new ones).
 */
export async function addLinesToCart(owner: CartOwner, lines: readonly WantedLine[]) {
  const merged = summed(lines);
  return merged.size - (await putInCart(owner, merged)).size;
}

/**
 * As addLinesToCart, but returns the parts there was no room for (a saved parts list says which).
 */
export function addLinesToCartNoting(owner: CartOwner, lines: readonly WantedLine[]) {
  return putInCart(owner, summed(lines));
}

/** Puts the lines in the owner's cart (made if need be) and returns the parts there was no room for. */
function putInCart(owner: CartOwner, wanted: ReadonlyMap<number, number>) {
  if (!wanted.size) return Promise.resolve(new Set<number>());
  return db.transaction().execute(async (trx) => {
    const cartId = (await cartForWriting(trx, owner, { create: true }))!;
    return putLines(trx, cartId, wanted);
  });
}

/**
 * Moves a visitor's cart into the account's, in one transaction, and deletes the visitor's cart:
 * quantities are added, each line kept at least at its part's minimum and at most
 * MAX_ORDER_QUANTITY; parts taken off sale are left out, and parts past MAX_CART_LINES do not fit.
 * Stock is not a bound here, as in a quick order: the cart shows a short line. Null when the token
 * names no live cart: already merged (a second sign-in, or a twin request, adds nothing), expired
 * (then deleted), or never made.
 */
export async function mergeGuestCart(guestToken: string, userId: number): Promise<CartMerge | null> {
  const tokenHash = guestCartHashOf(guestToken);
  return db.transaction().execute(async (trx) => {
    const timestamp = now();
    const guest = await trx
      .selectFrom("carts")
      .select(["id", "expires_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!guest) return null;
    // Taking the lines out is what claims them: on PostgreSQL a twin sign-in waits here for this
    // transaction and then finds none.
    const taken = await trx
      .deleteFrom("cart_lines")
      .where("cart_id", "=", guest.id)
      .returning(["item_id", "quantity", "added_at"])
      .execute();
    await trx.deleteFrom("carts").where("id", "=", guest.id).execute();
    if (guest.expires_at! <= timestamp) return null;
    const merge: CartMerge = { added: [], noLongerSold: [], noRoom: [] };
    if (!taken.length) return merge;

    taken.sort((a, b) => a.added_at.localeCompare(b.added_at) || a.item_id - b.item_id);
    const itemIds = taken.map((line) => line.item_id);
    const accountCartId = (await cartForWriting(trx, userId, { create: true }))!;
    const [items, held] = await Promise.all([
      trx
        .selectFrom("items")
        .select(["id", "part_number", "min_order_quantity", "hidden"])
        .where("id", "in", itemIds)
        .execute(),
      trx
        .selectFrom("cart_lines")
        .select(["item_id", "quantity"])
        .where("cart_id", "=", accountCartId)
        .where("item_id", "in", itemIds)
        .execute(),
    ]);
    const itemById = new Map(items.map((item) => [item.id, item]));
    const had = new Map(held.map((line) => [line.item_id, line.quantity]));
    const onSale = taken.filter((line) => itemById.get(line.item_id)?.hidden === 0);
    const noRoom = await partsWithoutRoom(
      trx,
      accountCartId,
      onSale.map((line) => line.item_id),
    );
    for (const line of taken) {
      const item = itemById.get(line.item_id);
      // A deleted part's lines went with it; a hidden one is off sale.
      if (!item || item.hidden !== 0) {
        if (item) merge.noLongerSold.push(item.part_number);
        continue;
      }
      if (noRoom.has(item.id)) {
        merge.noRoom.push(item.part_number);
        continue;
      }
      const before = had.get(item.id) ?? 0;
      const sum = before + line.quantity;
      const total = Math.min(Math.max(sum, item.min_order_quantity), MAX_ORDER_QUANTITY);
      await trx
        .insertInto("cart_lines")
        .values({ cart_id: accountCartId, item_id: item.id, quantity: total, added_at: line.added_at })
        .onConflict((oc) => oc.columns(["cart_id", "item_id"]).doUpdateSet({ quantity: total }))
        .execute();
      merge.added.push({
        partNumber: item.part_number,
        quantity: line.quantity,
        had: before,
        total,
        ...(total !== sum ? { adjusted: { to: total > sum ? "minimum" : "most", quantity: total } } : {}),
      });
    }
    return merge;
  });
}

/**
 * The parts these part numbers name, by their search key: a number typed as "gw sg m1 20" finds
 * GW-SG-M1-20, as the catalog's search does.
 */
export async function itemsByPartNumber(partNumbers: readonly string[]) {
  const keys = [...new Set(partNumbers.map(partNumberKey))].filter(Boolean);
  const items = keys.length
    ? await db
        .selectFrom("items")
        .select(["id", "part_number", "part_number_key", "min_order_quantity"])
        .where("part_number_key", "in", keys)
        .where("hidden", "=", 0)
        .execute()
    : [];
  return new Map(items.map((item) => [item.part_number_key, item]));
}

export type QuickOrderOutcome = {
  added: { line: number; partNumber: string; quantity: number }[];
  rejected: { line: number; text: string; reason: string }[];
};

/**
 * Puts a pasted or uploaded list into the cart: every line whose part number is known and whose
 * quantity reaches the part's minimum goes in, in one transaction; the rest come back with why.
 */
export async function quickOrder(owner: CartOwner, lines: readonly QuickOrderLine[]): Promise<QuickOrderOutcome> {
  const typed = lines.flatMap((line) => ("partNumber" in line ? [line.partNumber] : []));
  // A signed-in buyer's own part numbers first (docs/decisions/0032-parts-lists.md), then ours.
  const [byKey, byCustomerKey] = await Promise.all([
    itemsByPartNumber(typed),
    typeof owner === "number" ? itemsByCustomerPartNumber(owner, typed) : new Map<string, never>(),
  ]);
  const outcome: QuickOrderOutcome = { added: [], rejected: [] };
  const toAdd: (WantedLine & { line: Extract<QuickOrderLine, { partNumber: string }>; partNumber: string })[] = [];
  for (const line of lines) {
    if ("error" in line) {
      outcome.rejected.push({ line: line.line, text: line.text, reason: line.error });
      continue;
    }
    const key = partNumberKey(line.partNumber);
    const item = byCustomerKey.get(key) ?? byKey.get(key);
    if (!item) {
      outcome.rejected.push({ line: line.line, text: line.text, reason: `No part has the number ${line.partNumber}` });
    } else if (line.quantity < item.min_order_quantity) {
      outcome.rejected.push({
        line: line.line,
        text: line.text,
        reason: `${item.part_number} is sold in at least ${item.min_order_quantity}`,
      });
    } else {
      toAdd.push({ itemId: item.id, quantity: line.quantity, line, partNumber: item.part_number });
    }
  }
  const noRoom = await putInCart(owner, summed(toAdd));
  for (const { itemId, quantity, line, partNumber } of toAdd) {
    if (noRoom.has(itemId)) {
      outcome.rejected.push({
        line: line.line,
        text: line.text,
        reason: `${partNumber} does not fit: a cart holds at most ${MAX_CART_LINES} parts`,
      });
    } else {
      outcome.added.push({ line: line.line, partNumber, quantity });
    }
  }
  outcome.rejected.sort((a, b) => a.line - b.line);
  return outcome;
}

export type OrderAgainOutcome = {
  added: number;
  /** Parts whose unit price for this quantity is not what the order paid. */
  repriced: { partNumber: string; name: string; wasCents: number; nowCents: number }[];
  short: { partNumber: string; name: string; available: number }[];
  /** Parts deleted from the catalog since. */
  gone: { partNumber: string; name: string }[];
};

/** Order again: the order's lines go into the cart, with what changed since said plainly. */
export async function orderAgain(
  userId: number,
  orderId: number,
  { companyId = null }: { companyId?: number | null } = {},
): Promise<OrderAgainOutcome | undefined> {
  // The buyer's own order, or a colleague's for their company: either may be ordered again.
  const order = await getOrderWithLines(orderId, { ownerId: userId, companyId });
  if (!order) return undefined;
  const { lines } = order;
  const outcome: OrderAgainOutcome = { added: 0, repriced: [], short: [], gone: [] };
  const kept = lines.filter((line) => line.item_id !== null);
  const { bill, missing } = await priceLines(kept.map((line) => ({ itemId: line.item_id!, quantity: line.quantity })));
  for (const line of lines) {
    if (line.item_id === null || missing.includes(line.item_id)) {
      outcome.gone.push({ partNumber: line.part_number, name: line.item_name });
    }
  }
  const toAdd: WantedLine[] = [];
  for (const now of bill.lines) {
    const was = kept.find((line) => line.item_id === now.itemId)!;
    const quantity = Math.max(now.quantity, now.minOrderQuantity);
    toAdd.push({ itemId: now.itemId, quantity });
    if (now.unitPriceCents !== Number(was.unit_price_cents)) {
      outcome.repriced.push({
        partNumber: now.partNumber,
        name: now.name,
        wasCents: Number(was.unit_price_cents),
        nowCents: now.unitPriceCents,
      });
    }
    if (now.available < quantity && !now.allowBackorder)
      outcome.short.push({ partNumber: now.partNumber, name: now.name, available: now.available });
  }
  outcome.added = toAdd.length ? await addLinesToCart(userId, toAdd) : 0;
  return outcome;
}
