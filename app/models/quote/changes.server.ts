// Changing quotes: staff price and send one, staff decline or a buyer withdraws, and an accepted
// quote is marked so (placing its order is the quotes service's).
import { type Transaction, type Updateable } from "kysely";

import { storeToday } from "~/config/env.server";
import { db, type DbOptions, inTransaction, now as timestampNow } from "~/db/db.server";
import type { Database } from "~/db/schema";
import {
  canMoveQuote,
  type QuoteStatus,
  quoteStatusOn,
  type StoredQuoteStatus,
  storedStatusesFrom,
} from "~/lib/quotes";

/** Why a change was refused: no such quote (of this customer's), or not from the status it is in. */
export type QuoteChangeRefusal =
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: QuoteStatus; number: string }
  /** The quote changed since the form was filled in (another member of staff, the buyer). */
  | { ok: false; reason: "stale"; number: string };

export type PriceQuoteResult =
  | { ok: true; number: string }
  | QuoteChangeRefusal
  /** The prices given are not one for every line of the quote. */
  | { ok: false; reason: "lines"; number: string };

/**
 * Staff price a quote and send it: every line's unit price and the date it is valid until, from the
 * version the form was filled from. The version and the status are checked in the UPDATE itself, so
 * a quote accepted or changed meanwhile is refused, not overwritten. `beforeCommit` runs in the same
 * transaction (the service writes the buyer's mail there).
 */
export function priceQuote(
  quoteId: number,
  {
    version,
    validUntil,
    prices,
    now = new Date(),
  }: { version: number; validUntil: string; prices: ReadonlyMap<number, number>; now?: Date },
  { executor = db, beforeCommit }: DbOptions & { beforeCommit?: (trx: Transaction<Database>) => Promise<void> } = {},
): Promise<PriceQuoteResult> {
  return inTransaction(executor, async (trx): Promise<PriceQuoteResult> => {
    const found = await findMovable(trx, quoteId, "sent", { version, now });
    if (!found.ok) return found;
    const { number } = found;
    const lineIds = (await trx.selectFrom("quote_lines").select("id").where("quote_id", "=", quoteId).execute()).map(
      (line) => line.id,
    );
    if (lineIds.length !== prices.size || lineIds.some((id) => !prices.has(id))) {
      return { ok: false, reason: "lines", number };
    }
    const moved = await moveQuote(trx, quoteId, "sent", (timestamp) => ({
      valid_until: validUntil,
      sent_at: timestamp,
    }))
      .where("version", "=", version)
      .returning("id")
      .executeTakeFirst();
    if (!moved) return { ok: false, reason: "stale", number };
    for (const id of lineIds) {
      await trx
        .updateTable("quote_lines")
        .set({ quoted_price_cents: prices.get(id)! })
        .where("id", "=", id)
        .execute();
    }
    await beforeCommit?.(trx);
    return { ok: true, number };
  });
}

/**
 * The quote's number when it may move to `to` now; else why not: it does not exist (or is not the
 * owner's), its status on today's date does not allow the move, or it is not at the version given.
 */
async function findMovable(
  executor: Transaction<Database>,
  quoteId: number,
  to: QuoteStatus,
  { ownerId, version, now }: { ownerId?: number; version?: number; now: Date },
): Promise<{ ok: true; number: string } | QuoteChangeRefusal> {
  let find = executor
    .selectFrom("quotes")
    .select(["number", "status", "valid_until", "version"])
    .where("id", "=", quoteId);
  if (ownerId !== undefined) find = find.where("user_id", "=", ownerId);
  const quote = await find.executeTakeFirst();
  if (!quote) return { ok: false, reason: "not-found" };
  const from = quoteStatusOn(quote, storeToday(now));
  if (!canMoveQuote(from, to)) return { ok: false, reason: "not-allowed", from, number: quote.number };
  if (version !== undefined && quote.version !== version) return { ok: false, reason: "stale", number: quote.number };
  return { ok: true, number: quote.number };
}

/** The closing moves a person makes with one button: staff decline a request, a buyer withdraws. */
export type QuoteClosing = "declined" | "withdrawn";

export type CloseQuoteResult = { ok: true; number: string } | QuoteChangeRefusal;

/**
 * Declines (staff) or withdraws (the buyer: `ownerId`) a quote, as its status allows. The status is
 * checked again in the UPDATE, so a quote accepted at the same moment stays accepted.
 */
export function closeQuote(
  quoteId: number,
  to: QuoteClosing,
  { ownerId, now = new Date(), executor = db }: { ownerId?: number; now?: Date } & DbOptions = {},
): Promise<CloseQuoteResult> {
  return inTransaction(executor, async (trx): Promise<CloseQuoteResult> => {
    const found = await findMovable(trx, quoteId, to, { ownerId, now });
    if (!found.ok) return found;
    const moved = await moveQuote(trx, quoteId, to).returning("number").executeTakeFirst();
    // Accepted by its buyer since it was read (on PostgreSQL, which reads before it locks).
    if (!moved) return { ok: false, reason: "stale", number: found.number };
    return { ok: true, number: moved.number };
  });
}

/**
 * Inside the transaction that places the quote's order: marks it accepted with its order, only if it
 * is still sent, at the version its prices were read at, and valid today. False when it is not (a
 * twin accepted it, staff changed it, it expired), and the caller rolls the order back.
 */
export async function markQuoteAccepted(
  trx: Transaction<Database>,
  { quoteId, version, orderId, now = new Date() }: { quoteId: number; version: number; orderId: number; now?: Date },
) {
  const accepted = await moveQuote(trx, quoteId, "accepted", (timestamp) => ({
    order_id: orderId,
    accepted_at: timestamp,
  }))
    .where("version", "=", version)
    .where("valid_until", ">=", storeToday(now))
    .returning("id")
    .executeTakeFirst();
  return accepted !== undefined;
}

/**
 * The update that moves a quote to `to`: only from a stored status that may move there (accepted:
 * from sent alone), stamping the change and taking its version one up; `record` adds what the move
 * records at its time (the prices' date and when they were sent, the order).
 */
function moveQuote(
  trx: Transaction<Database>,
  quoteId: number,
  to: Exclude<StoredQuoteStatus, "requested">,
  record: (timestamp: string) => Updateable<Database["quotes"]> = () => ({}),
) {
  const timestamp = timestampNow();
  return trx
    .updateTable("quotes")
    .set((eb) => ({ ...record(timestamp), status: to, updated_at: timestamp, version: eb("version", "+", 1) }))
    .where("id", "=", quoteId)
    .where("status", "in", storedStatusesFrom(to));
}
