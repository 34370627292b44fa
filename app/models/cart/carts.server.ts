// Whose cart (an account's, or a visitor's by its cookie's token: docs/decisions/0029-guest-carts.md),
// reading its lines, finding or making it to write to, and sweeping visitors' carts that expired.
import { createHash } from "node:crypto";

import { type Transaction } from "kysely";

import { db, type DbOptions, type Executor, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { type Bill, priceLines, type WantedLine } from "~/models/pricing.server";

/**
 * Whose cart: an account's, by its user id, or a visitor's, by the random token its own cookie
 * carries (never the session: docs/decisions/0029-guest-carts.md). Only the token's SHA-256 is stored.
 */
export type CartOwner = number | { guestToken: string };

/** How long a visitor's cart lives after its last change; its cookie's Max-Age is the same. */
export const GUEST_CART_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Expired visitors' carts removed each time a new one is made: far more than expire between two. */
const EXPIRED_CARTS_PER_SWEEP = 100;

export type Trx = Transaction<Database>;

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
  return (await priceLines(wanted, { executor, buyerId: typeof owner === "number" ? owner : null })).bill;
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
export async function cartForWriting(
  trx: Trx,
  owner: CartOwner,
  { create }: { create: boolean },
): Promise<number | null> {
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
