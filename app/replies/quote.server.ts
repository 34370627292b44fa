import { formatStoreDate } from "~/config/env.server";
import { MAX_QUOTE_LINES, type QuoteStatus } from "~/lib/quotes";
import type { CloseQuoteResult, PriceQuoteResult, QuoteDetail } from "~/models/quote";
import { checkoutRefusal, creditRefusalText } from "~/replies/checkout.server";
import { type AcceptQuoteResult, requestQuote } from "~/services/quotes.server";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

// The quote forms' answers, shared by the buyer's and the staff's pages so both say the same.

export const QUOTE_NOT_FOUND = "Quote not found.";

const DONE = { sent: "sent", accepted: "accepted", declined: "declined", withdrawn: "withdrawn" } as const;

/** Why a quote in status `from` cannot move to `to`, in the words a person reads. */
export function notAllowedMessage(number: string, from: QuoteStatus, to: keyof typeof DONE) {
  if (to === "accepted" && from === "requested") {
    return `Quote ${number} has not been priced yet: you can accept it once we send it.`;
  }
  const now = from === "withdrawn" ? "was withdrawn" : from === "requested" ? "is still a request" : `is ${from}`;
  return `Quote ${number} ${now}; it cannot be ${DONE[to]}.`;
}

/** "Request a quote" on the cart: the new request's page, or why there is none. */
export async function requestQuoteReply(userId: number, note: string | undefined) {
  const result = await requestQuote(userId, note);
  if (!result.ok) {
    if (result.reason === "empty") return refuse(400, "Your cart is empty: add the parts you want prices for first.");
    return refuse(
      400,
      `A quote holds at most ${MAX_QUOTE_LINES} lines and your cart has ${result.lines}: ask for the rest in a second quote.`,
    );
  }
  return redirectWithFlash(
    `/dashboard/quotes/${result.quoteId}`,
    `Quote request ${result.number} sent. We will email you when it is priced; your cart is as it was.`,
  );
}

/** The quote as it is now, beside a refusal: after a refused post the page's own data is not read
 * again (single fetch skips it after a 4xx), and a refusal usually means the quote moved on (accepted
 * in another tab, changed by staff, expired), which the page then shows. */
type QuoteNow = { quote: QuoteDetail | undefined };

function refuseWithQuote(status: number, message: string, quote: QuoteDetail | undefined) {
  return refuse<QuoteNow>(status, message, { extra: { quote } });
}

/**
 * Why Accept placed no order. An expired quote is gone for good (410); every other refusal is a
 * conflict with the quote's state (409): nothing was ordered either way.
 */
export function acceptRefusal(result: Exclude<AcceptQuoteResult, { ok: true }>, quote: QuoteDetail | undefined) {
  const say = (status: number, message: string) => refuseWithQuote(status, message, quote);
  switch (result.reason) {
    case "not-found":
      return say(404, QUOTE_NOT_FOUND);
    case "accepted":
      return say(
        409,
        `Quote ${result.number} was already accepted${result.orderId ? ` as order #${result.orderId}` : ""}; nothing more was ordered.`,
      );
    case "expired":
      return say(
        410,
        `Quote ${result.number} expired on ${formatStoreDate(result.validUntil)}. Nothing was ordered; ask us to renew it.`,
      );
    case "not-allowed":
      return say(409, notAllowedMessage(result.number, result.from, "accepted"));
    case "changed":
      return say(
        409,
        `Quote ${result.number} was changed while you were accepting it. Nothing was ordered; check it and accept again.`,
      );
    case "part-gone":
      return say(
        409,
        `${result.partNumbers.join(", ")} ${result.partNumbers.length === 1 ? "is" : "are"} no longer sold. Nothing was ordered; ask us for a new quote.`,
      );
    case "credit-limit":
    case "overdue":
      return say(409, creditRefusalText(result));
    case "problems":
    case "total-changed":
    case "no-account": {
      // The checkout's own words: short of stock, below a minimum, or a total the page did not show.
      const { status, formErrors } = checkoutRefusal(result);
      return say(status, formErrors!.join(" "));
    }
  }
}

/** An accepted quote lands on its order's page. */
export function quoteAcceptedRedirect(result: Extract<AcceptQuoteResult, { ok: true }>) {
  return redirectWithFlash(
    `/dashboard/my-order/${result.orderId}`,
    `Quote ${result.number} accepted. Order placed successfully.`,
  );
}

/** Staff's Send, or why nothing was saved. */
export function sendQuoteReply(quoteId: number, result: PriceQuoteResult, quote: QuoteDetail | undefined) {
  if (result.ok)
    return redirectWithFlash(`/dashboard/manage-quotes/${quoteId}`, `Quote ${result.number} sent to the buyer.`);
  switch (result.reason) {
    case "not-found":
      return refuseWithQuote(404, QUOTE_NOT_FOUND, quote);
    case "not-allowed":
      return refuseWithQuote(409, notAllowedMessage(result.number, result.from, "sent"), quote);
    case "stale":
      return refuseWithQuote(
        409,
        `Quote ${result.number} changed since this page was shown; nothing was saved. Here it is as it is now.`,
        quote,
      );
    case "lines":
      return refuseWithQuote(
        400,
        `This form does not price every line of quote ${result.number}; reload the page.`,
        quote,
      );
  }
}

/** Decline (staff) or Withdraw (the buyer), or why it stays as it is (with the quote as it is now). */
export async function closeQuoteReply(
  result: CloseQuoteResult,
  to: "declined" | "withdrawn",
  { backTo, quoteNow }: { backTo: string; quoteNow: () => Promise<QuoteDetail | undefined> },
) {
  if (result.ok) return redirectWithFlash(backTo, `Quote ${result.number} ${DONE[to]}.`);
  if (result.reason === "not-found") return refuseWithQuote(404, QUOTE_NOT_FOUND, undefined);
  const message =
    result.reason === "not-allowed"
      ? notAllowedMessage(result.number, result.from, to)
      : `Quote ${result.number} changed meanwhile; it was not ${DONE[to]}.`;
  return refuseWithQuote(409, message, await quoteNow());
}
