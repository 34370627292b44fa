// A quote's lifecycle (issue 26), shared by the database's check, the models, the pages and the API.

/**
 * What the database stores. A quote is never written "expired": a sent quote is expired from the day
 * after its valid-until date in the store's time zone, with no job to mark it, so the moment it
 * expires cannot depend on a job having run.
 */
export const STORED_QUOTE_STATUSES = ["requested", "sent", "accepted", "declined", "withdrawn"] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];

/** What pages, filters and the API show: the stored status, with a sent quote past its date as expired. */
export const QUOTE_STATUSES = ["requested", "sent", "expired", "accepted", "declined", "withdrawn"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * The only moves a quote makes, and who makes them:
 * - requested → sent (staff price it and send it), declined (staff will not quote), withdrawn (the buyer);
 * - sent → sent (staff change prices or the date and send it again), accepted (the buyer, while it is
 *   valid: the order is placed in the same transaction), withdrawn (the buyer);
 * - expired → sent (staff send it again with a new date), withdrawn (the buyer);
 * - accepted, declined and withdrawn are final.
 */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  requested: ["sent", "declined", "withdrawn"],
  sent: ["sent", "accepted", "withdrawn"],
  expired: ["sent", "withdrawn"],
  accepted: [],
  declined: [],
  withdrawn: [],
};

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus) {
  return QUOTE_TRANSITIONS[from].includes(to);
}

/** The stored statuses a quote may be in for a move to `to` (expired is stored as sent). */
export function storedStatusesFrom(to: QuoteStatus): StoredQuoteStatus[] {
  const from = QUOTE_STATUSES.filter((status) => canMoveQuote(status, to));
  return [...new Set(from.map((status) => (status === "expired" ? "sent" : status)))] as StoredQuoteStatus[];
}

/**
 * The status a quote has on `today` (a calendar date, YYYY-MM-DD, in the store's zone): a sent quote
 * is valid through its valid-until date and expired after it.
 */
export function quoteStatusOn(
  quote: { status: StoredQuoteStatus; valid_until: string | null },
  today: string,
): QuoteStatus {
  if (quote.status === "sent" && quote.valid_until !== null && quote.valid_until < today) return "expired";
  return quote.status;
}

/** How a page names a status: "Requested", "Expired". */
export function quoteStatusLabel(status: QuoteStatus) {
  return status[0].toUpperCase() + status.slice(1);
}

/** The most lines a quote holds: every line is a price field on the staff's form. */
export const MAX_QUOTE_LINES = 200;

/** How long an offer may be valid for at most, and the term staff are offered first. */
export const LONGEST_VALIDITY_DAYS = 365;
export const USUAL_VALIDITY_DAYS = 30;

/** A calendar date (YYYY-MM-DD) `days` later, counted at noon UTC so no clock change moves a day. */
export function addCalendarDays(day: string, days: number) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether text is a real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(text: string) {
  // A month past 12 is no date at all (Date is invalid), a day past the month's end rolls over.
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(Date.parse(`${text}T12:00:00Z`)) &&
    addCalendarDays(text, 0) === text
  );
}
