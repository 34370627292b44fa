// Reading quotes: lists for a buyer, their company and staff, and one quote with its lines, the list
// price beside the price offered. A reader that names a buyer gets their own or their company's.
import { sql } from "kysely";

import { storePricingRules, storeToday } from "~/config/env.server";
import { db, type DbOptions, type Executor } from "~/db/db.server";
import { formatDocumentNumber, readDocumentNumber } from "~/lib/document-numbers";
import { containsPattern } from "~/lib/like-pattern";
import { totalsFor } from "~/lib/pricing";
import { type QuoteStatus, quoteStatusOn } from "~/lib/quotes";
import { type CompanyReader, ownOrCompany } from "~/models/company-readers.server";

const quoteColumns = [
  "quotes.id",
  "quotes.number",
  "quotes.user_id",
  "quotes.company_id",
  "quotes.status",
  "quotes.note",
  "quotes.valid_until",
  "quotes.version",
  "quotes.order_id",
  "quotes.created_at",
  "quotes.sent_at",
  "quotes.accepted_at",
] as const;

/** A list's quotes: the header, its customer, how many lines, the first part, and the goods at quoted prices. */
function summaries() {
  return db
    .selectFrom("quotes")
    .innerJoin("users", "users.id", "quotes.user_id")
    .select(quoteColumns)
    .select(["users.email as customer_email", "users.display_name as customer_name"])
    .select((eb) => [
      eb
        .selectFrom("quote_lines")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("quote_lines.quote_id", "=", "quotes.id")
        .as("line_count"),
      eb
        .selectFrom("quote_lines")
        .select("quote_lines.item_name")
        .whereRef("quote_lines.quote_id", "=", "quotes.id")
        .orderBy("quote_lines.position")
        .limit(1)
        .as("first_item_name"),
      eb
        .selectFrom("quote_lines")
        .select(sql<number | string | null>`sum(quote_lines.quoted_price_cents * quote_lines.quantity)`.as("s"))
        .whereRef("quote_lines.quote_id", "=", "quotes.id")
        .as("quoted_subtotal"),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["execute"]>>[number];

/** A row of a list of quotes, with its status on `today` and, once priced, its total as a bill ends. */
function summaryOf(row: SummaryRow, today: string) {
  const priced = row.status !== "requested" && row.quoted_subtotal !== null;
  const subtotal = Number(row.quoted_subtotal ?? 0);
  return {
    id: row.id,
    number: row.number,
    status: quoteStatusOn(row, today),
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    createdAt: row.created_at,
    validUntil: row.valid_until,
    lineCount: Number(row.line_count ?? 0),
    firstItemName: row.first_item_name ?? "",
    orderId: row.order_id,
    totalCents: priced ? totalsFor([{ lineTotalCents: subtotal }], storePricingRules()).totalCents : null,
  };
}

export type QuoteSummary = ReturnType<typeof summaryOf>;

/** Who reads a quote: whoever asked for it, or (with `companyId`) any member of the company it was asked for. */
export type QuoteReader = CompanyReader;

const readableQuotes = (ownerId: number, companyId: number | null | undefined) =>
  ownOrCompany("quotes", ownerId, companyId);

/** My Quotes: the customer's quotes, and their company's, newest first. */
export async function listQuotesForUser(
  userId: number,
  { companyId = null, now = new Date() }: { companyId?: number | null; now?: Date } = {},
) {
  const rows = await summaries()
    .where(readableQuotes(userId, companyId))
    .orderBy("quotes.id", "desc")
    .limit(200)
    .execute();
  const today = storeToday(now);
  return rows.map((row) => summaryOf(row, today));
}

/**
 * Manage Quotes: newest first, narrowed by status (as shown: a sent quote past its date is expired)
 * and by a search that is a quote number ("Q-2026-00042", "2026-42", "42") or part of the customer's
 * email or name.
 */
export async function listAllQuotes({
  status,
  search,
  now = new Date(),
}: { status?: QuoteStatus; search?: string; now?: Date } = {}) {
  const today = storeToday(now);
  let query = summaries();
  if (status === "expired") query = query.where("quotes.status", "=", "sent").where("quotes.valid_until", "<", today);
  else if (status === "sent")
    query = query.where("quotes.status", "=", "sent").where("quotes.valid_until", ">=", today);
  else if (status) query = query.where("quotes.status", "=", status);
  const term = search?.trim() ?? "";
  const asNumber = term ? readDocumentNumber("quote", term) : null;
  if (asNumber?.year !== undefined) {
    query = query.where("quotes.number", "=", formatDocumentNumber("quote", asNumber.year, asNumber.sequence));
  } else if (asNumber) {
    // The count of any year: the number ends in it, padded as numbers are written.
    const ending = formatDocumentNumber("quote", 0, asNumber.sequence).split("-").at(-1)!;
    query = query.where("quotes.number", "like", `%-${ending}`);
  } else if (term) {
    const pattern = containsPattern(term);
    query = query.where(
      sql<boolean>`(lower(users.email) like ${pattern} escape '\\' or lower(users.display_name) like ${pattern} escape '\\')`,
    );
  }
  const rows = await query.orderBy("quotes.id", "desc").limit(500).execute();
  return rows.map((row) => summaryOf(row, today));
}

/** One line of a quote as its pages show it: the list price beside the price offered. */
export type QuoteLineView = {
  lineId: number;
  itemId: number | null;
  partNumber: string;
  name: string;
  quantity: number;
  listPriceCents: number;
  quotedPriceCents: number | null;
  /** What the line costs: the offered price once priced, else the list price. */
  unitPriceCents: number;
  lineTotalCents: number;
};

function detailHeaders(executor: Executor) {
  return executor
    .selectFrom("quotes")
    .innerJoin("users", "users.id", "quotes.user_id")
    .select(quoteColumns)
    .select(["users.email as customer_email", "users.display_name as customer_name"]);
}

type HeaderRow = Awaited<ReturnType<ReturnType<typeof detailHeaders>["execute"]>>[number];

/** These quotes' lines, in the order they were asked for, by quote id. */
async function linesOfQuotes(quoteIds: readonly number[], executor: Executor) {
  const byQuote = new Map<number, LineRow[]>();
  if (!quoteIds.length) return byQuote;
  const rows = await executor
    .selectFrom("quote_lines")
    .select([
      "id",
      "quote_id",
      "item_id",
      "part_number",
      "item_name",
      "quantity",
      "list_price_cents",
      "quoted_price_cents",
    ])
    .where("quote_id", "in", [...quoteIds])
    .orderBy("quote_id")
    .orderBy("position")
    .execute();
  for (const row of rows) byQuote.set(row.quote_id, [...(byQuote.get(row.quote_id) ?? []), row]);
  return byQuote;
}

type LineRow = {
  id: number;
  item_id: number | null;
  part_number: string;
  item_name: string;
  quantity: number;
  list_price_cents: number;
  quoted_price_cents: number | null;
};

/**
 * A quote as the buyer's and the staff's pages and the API show it, with its status on `today`. Its
 * totals are the store's bill (shipping and tax as the cart has them) at the offered prices once it
 * is priced, else at the list prices.
 */
function detailOf(quote: HeaderRow, rows: readonly LineRow[], today: string) {
  const priced = quote.status !== "requested" && rows.every((row) => row.quoted_price_cents !== null);
  const lines: QuoteLineView[] = rows.map((row) => {
    const listPriceCents = Number(row.list_price_cents);
    const quotedPriceCents = row.quoted_price_cents === null ? null : Number(row.quoted_price_cents);
    const unitPriceCents = priced && quotedPriceCents !== null ? quotedPriceCents : listPriceCents;
    return {
      lineId: row.id,
      itemId: row.item_id,
      partNumber: row.part_number,
      name: row.item_name,
      quantity: row.quantity,
      listPriceCents,
      quotedPriceCents,
      unitPriceCents,
      lineTotalCents: unitPriceCents * row.quantity,
    };
  });
  return {
    id: quote.id,
    number: quote.number,
    userId: quote.user_id,
    status: quoteStatusOn(quote, today),
    note: quote.note,
    validUntil: quote.valid_until,
    version: quote.version,
    orderId: quote.order_id,
    createdAt: quote.created_at,
    sentAt: quote.sent_at,
    acceptedAt: quote.accepted_at,
    customer: { id: quote.user_id, name: quote.customer_name, email: quote.customer_email },
    priced,
    lines,
    totals: totalsFor(lines, storePricingRules()),
  };
}

/**
 * One quote with its customer and lines; `ownerId` limits it to that customer's own, or with
 * `companyId` their company's.
 */
export async function getQuote(
  quoteId: number,
  { ownerId, companyId, now = new Date(), executor = db }: QuoteReader & { now?: Date } & DbOptions = {},
) {
  let find = detailHeaders(executor).where("quotes.id", "=", quoteId);
  if (ownerId !== undefined) find = find.where(readableQuotes(ownerId, companyId));
  const quote = await find.executeTakeFirst();
  if (!quote) return undefined;
  const lines = await linesOfQuotes([quoteId], executor);
  return detailOf(quote, lines.get(quoteId) ?? [], storeToday(now));
}

/** The API's list: a customer's quotes (or everyone's: no `ownerId`), newest first, with their lines. */
export async function listQuoteDetails({
  ownerId,
  now = new Date(),
  limit = 200,
  offset = 0,
  below,
}: { ownerId?: number; now?: Date; limit?: number; offset?: number; below?: number } = {}) {
  let find = detailHeaders(db).orderBy("quotes.id", "desc").limit(limit).offset(offset);
  if (ownerId !== undefined) find = find.where("quotes.user_id", "=", ownerId);
  if (below !== undefined) find = find.where("quotes.id", "<", below);
  const quotes = await find.execute();
  const lines = await linesOfQuotes(
    quotes.map((quote) => quote.id),
    db,
  );
  const today = storeToday(now);
  return quotes.map((quote) => detailOf(quote, lines.get(quote.id) ?? [], today));
}

export type QuoteDetail = ReturnType<typeof detailOf>;
