// Asking for a quote: a buyer's cart lines become a request staff will price.
import { type Transaction } from "kysely";

import { storeToday } from "~/config/env.server";
import type { Database } from "~/db/schema";
import { MAX_QUOTE_LINES } from "~/lib/quotes";
import { takeDocumentNumber } from "~/models/document-numbers.server";
import { holdPartsInIdOrder } from "~/models/part-locks.server";
import { priceLines, type WantedLine } from "~/models/pricing.server";

export type CreateQuoteResult =
  | { ok: true; quoteId: number; number: string }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "too-many"; lines: number };

/**
 * A quote request for these lines (the cart's), inside the caller's transaction: the next quote
 * number of the year, the quote, and its lines with the part number, name and the unit price the
 * cart shows for the quantity (the list price) copied. Parts gone or hidden are left out, as the cart
 * leaves them out.
 */
export async function createQuote(
  trx: Transaction<Database>,
  {
    userId,
    note,
    lines,
    now = new Date(),
  }: { userId: number; note?: string | null; lines: readonly WantedLine[]; now?: Date },
): Promise<CreateQuoteResult> {
  const { bill } = await priceLines(lines, { executor: trx, buyerId: userId });
  if (!bill.lines.length) return { ok: false, reason: "empty" };
  if (bill.lines.length > MAX_QUOTE_LINES) return { ok: false, reason: "too-many", lines: bill.lines.length };
  await holdPartsInIdOrder(
    trx,
    bill.lines.map((line) => line.itemId),
  );
  const year = Number(storeToday(now).slice(0, 4));
  const { number } = await takeDocumentNumber(trx, "quote", year);
  const timestamp = now.toISOString();
  const quote = await trx
    .insertInto("quotes")
    .values({
      number,
      user_id: userId,
      // Asked for a company, every member reads it.
      company_id: trx.selectFrom("company_members").select("company_id").where("user_id", "=", userId),
      status: "requested",
      note: note || null,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("quote_lines")
    .values(
      bill.lines.map((line, index) => ({
        quote_id: quote.id,
        position: index + 1,
        item_id: line.itemId,
        part_number: line.partNumber,
        item_name: line.name,
        quantity: line.quantity,
        list_price_cents: line.unitPriceCents,
      })),
    )
    .execute();
  return { ok: true, quoteId: quote.id, number };
}
