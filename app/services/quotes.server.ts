import { storePricingRules } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { QuoteStatus } from "~/lib/quotes";
import { enqueueQuoteRequestNotice, enqueueQuoteSent, type QuoteMail } from "~/mail/quote-mail.server";
import { cartLinesOf, removeOrderedLines } from "~/models/cart";
import type { CheckoutResult } from "~/models/checkout.server";
import {
  createQuote,
  type CreateQuoteResult,
  getQuote,
  markQuoteAccepted,
  priceQuote,
  type QuoteDetail,
} from "~/models/quote";

import { placeOrder } from "./checkout.server";

// A quote's changes that write mail or an order with them (docs/decisions/0030).

function quoteMailOf(quote: QuoteDetail): QuoteMail {
  return {
    id: quote.id,
    number: quote.number,
    customerName: quote.customer.name,
    customerEmail: quote.customer.email,
    customerId: quote.customer.id,
    note: quote.note,
    validUntil: quote.validUntil,
    totals: quote.priced ? quote.totals : null,
    taxLabel: storePricingRules().taxLabel,
    lines: quote.lines.map((line) => ({
      partNumber: line.partNumber,
      name: line.name,
      quantity: line.quantity,
      listPriceCents: line.listPriceCents,
      quotedPriceCents: quote.priced ? line.quotedPriceCents : null,
    })),
  };
}

/**
 * "Request a quote" on the cart: the cart's lines become a numbered quote request, and the shop is
 * told, in one transaction. The cart stays as it is.
 */
export function requestQuote(userId: number, note: string | undefined, { now = new Date() }: { now?: Date } = {}) {
  return db.transaction().execute(async (trx): Promise<CreateQuoteResult> => {
    const lines = await cartLinesOf(userId, { executor: trx });
    const created = await createQuote(trx, { userId, note, lines, now });
    if (!created.ok) return created;
    const quote = await getQuote(created.quoteId, { executor: trx, now });
    await enqueueQuoteRequestNotice(quoteMailOf(quote!), { executor: trx });
    return created;
  });
}

/** Staff price a quote and send it: the prices, the date and the buyer's mail in one transaction. */
export function sendQuote(
  quoteId: number,
  offer: { version: number; validUntil: string; prices: ReadonlyMap<number, number> },
  { now = new Date() }: { now?: Date } = {},
) {
  return priceQuote(
    quoteId,
    { ...offer, now },
    {
      beforeCommit: async (trx) => {
        const quote = await getQuote(quoteId, { executor: trx, now });
        await enqueueQuoteSent(quoteMailOf(quote!), { executor: trx });
      },
    },
  );
}

/**
 * The order an accepted quote becomes is placed with this token (one order per token and customer,
 * decision 16), so a quote makes at most one order. It holds a space, which no form's token and no
 * Idempotency-Key may, so no other order can ever have claimed it.
 */
export function quoteOrderToken(quoteId: number) {
  return `quote ${quoteId}`;
}

/** What the buyer sends with Accept: what checkout takes, and the total the page showed. */
export type AcceptQuoteInput = {
  address: string;
  phone: string;
  poNumber?: string | null;
  expectedTotalCents?: number;
};

export type AcceptQuoteResult =
  | { ok: true; orderId: number; number: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "accepted"; number: string; orderId: number | null }
  | { ok: false; reason: "expired"; number: string; validUntil: string }
  | { ok: false; reason: "not-allowed"; number: string; from: QuoteStatus }
  /** Staff changed the quote between the page and the press: its prices are read again. */
  | { ok: false; reason: "changed"; number: string }
  | { ok: false; reason: "part-gone"; number: string; partNumbers: string[] }
  | (Extract<CheckoutResult, { reason: "problems" | "total-changed" | "credit-limit" | "overdue" | "no-account" }> & {
      number: string;
    });

/** Why a quote cannot be accepted as it stands, or null when it can. */
function refusalToAccept(quote: QuoteDetail): AcceptQuoteResult | null {
  const { number } = quote;
  switch (quote.status) {
    case "sent":
      return null;
    case "accepted":
      return { ok: false, reason: "accepted", number, orderId: quote.orderId };
    case "expired":
      return { ok: false, reason: "expired", number, validUntil: quote.validUntil! };
    default:
      return { ok: false, reason: "not-allowed", number, from: quote.status };
  }
}

/** Thrown inside the order's transaction when the quote is no longer what was priced: the order is undone. */
class QuoteMovedOn extends Error {}

/**
 * The buyer accepts a quote: an order at the quoted prices, through the same one transaction as every
 * order (`placeOrder`), only while the quote is sent and valid, and exactly once. The order claims
 * the quote's own token first, so a second accept (another tab, a retry) lands on the first's order
 * or waits for it; in the same transaction the quote moves sent → accepted only at the version its
 * prices were read at and only while valid today, so a change by staff or the date passing in between
 * undoes the order.
 */
export async function acceptQuote(
  buyerId: number,
  quoteId: number,
  input: AcceptQuoteInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<AcceptQuoteResult> {
  const quote = await getQuote(quoteId, { ownerId: buyerId, now });
  if (!quote) return { ok: false, reason: "not-found" };
  const refusal = refusalToAccept(quote);
  if (refusal) return refusal;
  const { number } = quote;
  const gone = quote.lines.filter((line) => line.itemId === null).map((line) => line.partNumber);
  if (gone.length) return { ok: false, reason: "part-gone", number, partNumbers: gone };
  try {
    const result = await placeOrder(
      {
        userId: buyerId,
        lines: quote.lines.map((line) => ({
          itemId: line.itemId!,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
        })),
        address: input.address,
        phone: input.phone,
        poNumber: input.poNumber,
        token: quoteOrderToken(quote.id),
        expectedTotalCents: input.expectedTotalCents,
      },
      {
        beforeCommit: async (trx, orderId) => {
          if (!(await markQuoteAccepted(trx, { quoteId, version: quote.version, orderId, now })))
            throw new QuoteMovedOn();
          // The quoted parts are ordered now: they leave the cart, as checkout's do, so the cart the
          // quote was asked from is not ordered a second time at list prices.
          await removeOrderedLines(
            buyerId,
            quote.lines.map((line) => line.itemId!),
            { executor: trx },
          );
        },
      },
    );
    if (result.ok) {
      // A twin accepted it first: its order is the quote's one order.
      if (result.repeated) return { ok: false, reason: "accepted", number, orderId: result.orderId };
      return { ok: true, orderId: result.orderId, number };
    }
    // A quote's token is its own (no request hash): another order under it means it was accepted.
    if (result.reason === "token-reused") return { ok: false, reason: "accepted", number, orderId: result.orderId };
    if (result.reason !== "not-found" && result.reason !== "empty") return { ...result, number };
    // Hidden or deleted since it was quoted: priced as missing.
    const missing = result.reason === "not-found" ? result.itemIds : [];
    const partNumbers = quote.lines.filter((line) => missing.includes(line.itemId!)).map((line) => line.partNumber);
    return { ok: false, reason: "part-gone", number, partNumbers };
  } catch (error) {
    if (!(error instanceof QuoteMovedOn)) throw error;
    const current = await getQuote(quoteId, { ownerId: buyerId, now });
    return (current && refusalToAccept(current)) ?? { ok: false, reason: "changed", number };
  }
}
