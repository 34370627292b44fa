import { sql, type Transaction } from "kysely";

import { storePricingRules, storeToday } from "~/config/env.server";
import { db, type DbOptions, type Executor, inTransaction, now as timestampNow } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { formatDocumentNumber, readDocumentNumber } from "~/lib/document-numbers";
import { containsPattern } from "~/lib/like-pattern";
import { totalsFor } from "~/lib/pricing";
import { canMoveQuote, MAX_QUOTE_LINES, type QuoteStatus, quoteStatusOn, storedStatusesFrom } from "~/lib/quotes";
import { type CompanyReader, ownOrCompany } from "~/models/company-readers.server";
import { takeDocumentNumber } from "~/models/document-numbers.server";
import { priceLines, type WantedLine } from "~/models/pricing.server";

// ---------------------------------------------------------------------------------------------
// Asking for a quote

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
  const { bill } = await priceLines(lines, { executor: trx });
  if (!bill.lines.length) return { ok: false, reason: "empty" };
  if (bill.lines.length > MAX_QUOTE_LINES) return { ok: false, reason: "too-many", lines: bill.lines.length };
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

// ---------------------------------------------------------------------------------------------
// Reading quotes

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

// ---------------------------------------------------------------------------------------------
// Changing quotes

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
    const timestamp = timestampNow();
    const moved = await trx
      .updateTable("quotes")
      .set((eb) => ({
        status: "sent",
        valid_until: validUntil,
        sent_at: timestamp,
        updated_at: timestamp,
        version: eb("version", "+", 1),
      }))
      .where("id", "=", quoteId)
      .where("version", "=", version)
      .where("status", "in", storedStatusesFrom("sent"))
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
    const timestamp = timestampNow();
    const moved = await trx
      .updateTable("quotes")
      .set((eb) => ({ status: to, updated_at: timestamp, version: eb("version", "+", 1) }))
      .where("id", "=", quoteId)
      .where("status", "in", storedStatusesFrom(to))
      .returning("number")
      .executeTakeFirst();
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
  const timestamp = timestampNow();
  const accepted = await trx
    .updateTable("quotes")
    .set((eb) => ({
      status: "accepted",
      order_id: orderId,
      accepted_at: timestamp,
      updated_at: timestamp,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", quoteId)
    .where("status", "=", "sent")
    .where("version", "=", version)
    .where("valid_until", ">=", storeToday(now))
    .returning("id")
    .executeTakeFirst();
  return accepted !== undefined;
}
