import { orderNotifyEmail } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";

import { enqueueMessage } from "./outbox.server";
import { type QuoteForMail, quoteRequestNotice, quoteSentMessage } from "./quote-messages.server";

/** A quote as its mail needs it: what the messages show, and whom they go to. */
export type QuoteMail = QuoteForMail & { customerEmail: string; customerId: number };

/**
 * The shop hears of a new request (when ORDER_NOTIFY_EMAIL is set), written to the outbox in the
 * request's own transaction. Never held: it goes to the shop.
 */
export async function enqueueQuoteRequestNotice(quote: QuoteMail, { executor = db }: DbOptions = {}) {
  const notify = orderNotifyEmail();
  if (!notify) return;
  await enqueueMessage(
    { ...quoteRequestNotice(quote, quote.customerEmail), kind: "quote-request", recipient: notify },
    { executor },
  );
}

/** The buyer gets the offer, in the transaction that sends it; held while their address is unproven. */
export async function enqueueQuoteSent(quote: QuoteMail, { executor = db }: DbOptions = {}) {
  await enqueueMessage(
    { ...quoteSentMessage(quote), kind: "quote-sent", recipient: quote.customerEmail, toAccount: quote.customerId },
    { executor },
  );
}
