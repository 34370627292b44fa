import { sql } from "kysely";

import { dispatchSettings } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";
import { offThread } from "~/db/off-thread-reads.server";
import { type CalendarDate, dayStartsAt } from "~/lib/dispatch";
import { addCalendarDays } from "~/lib/quotes";

// The figures staff file from (issue 51): VAT return boxes and sales for a period of store days, read
// from the invoices and credit notes issued in it. A document counts in the period its tax point falls
// in, where the shop is (STORE_TIMEZONE): a credit note issued later counts in its own period, not its
// invoice's. Every figure is a sum of issued documents, so it agrees with them to the penny. A year's
// sums read a million lines: on SQLite they run on the read worker's thread (decision 36), not the
// one that answers every other request.

export type ReportPeriod = { from: CalendarDate; to: CalendarDate };

/** The period's first instant and the first instant after it, as the documents' timestamps are written. */
function bounds({ from, to }: ReportPeriod) {
  const { timeZone } = dispatchSettings();
  return {
    start: dayStartsAt(from, timeZone).toISOString(),
    end: dayStartsAt(addCalendarDays(to, 1), timeZone).toISOString(),
  };
}

/** A credit note's amounts count against the invoices': +1 or −1 by kind, in SQL. */
const SIGN = sql<number>`case when invoices.kind = 'credit note' then -1 else 1 end`;

/**
 * HMRC's nine boxes for a VAT return over the period, in pence, where the shop knows them; null where
 * it cannot (what it buys, and trade with the EU under the Northern Ireland protocol).
 */
export async function vatReturn(period: ReportPeriod, { executor = db }: DbOptions = {}) {
  const { start, end } = bounds(period);
  const totals = await offThread(executor)
    .selectFrom("invoices")
    .select((eb) => [
      eb.fn.sum<number>(sql`${SIGN} * invoices.tax_cents`).as("vat"),
      eb.fn.sum<number>(sql`${SIGN} * (invoices.goods_cents + invoices.shipping_cents)`).as("net"),
      eb.fn.sum<number>(sql`case when invoices.kind = 'invoice' then 1 else 0 end`).as("invoices"),
      eb.fn.sum<number>(sql`case when invoices.kind = 'credit note' then 1 else 0 end`).as("creditNotes"),
    ])
    .where("invoices.issued_at", ">=", start)
    .where("invoices.issued_at", "<", end)
    .executeTakeFirstOrThrow();
  const vatOnSales = Number(totals.vat ?? 0);
  const netSales = Number(totals.net ?? 0);
  return {
    documents: { invoices: Number(totals.invoices ?? 0), creditNotes: Number(totals.creditNotes ?? 0) },
    boxes: {
      1: vatOnSales,
      2: null,
      3: null,
      4: null,
      5: null,
      // HMRC asks for whole pounds in boxes 6 to 9: pence are left off, not rounded.
      6: Math.trunc(netSales / 100) * 100,
      7: null,
      8: null,
      9: null,
    },
    /** Box 6 before its pence were left off, to reconcile with the documents. */
    netSalesCents: netSales,
  };
}

export type VatReturn = Awaited<ReturnType<typeof vatReturn>>;

/** Net sales (goods, ex VAT, less credit notes) by part over the period, the best-selling first. */
export function salesByPart(period: ReportPeriod, { executor = db, limit }: DbOptions & { limit?: number } = {}) {
  const { start, end } = bounds(period);
  let query = offThread(executor)
    .selectFrom("invoice_lines")
    .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
    .select((eb) => [
      "invoice_lines.part_number",
      eb.fn.max("invoice_lines.item_name").as("name"),
      eb.fn.sum<number>(sql`${SIGN} * invoice_lines.quantity`).as("quantity"),
      eb.fn.sum<number>(sql`${SIGN} * invoice_lines.line_total_cents`).as("net_cents"),
    ])
    .where("invoices.issued_at", ">=", start)
    .where("invoices.issued_at", "<", end)
    .groupBy("invoice_lines.part_number")
    .orderBy("net_cents", "desc")
    .orderBy("invoice_lines.part_number");
  if (limit !== undefined) query = query.limit(limit);
  return query.execute().then((rows) =>
    rows.map((row) => ({
      partNumber: row.part_number,
      name: String(row.name ?? ""),
      quantity: Number(row.quantity),
      netCents: Number(row.net_cents),
    })),
  );
}

/**
 * Net sales (goods and shipping, ex VAT, less credit notes) and VAT by buyer over the period: by
 * company for a company's orders, else by customer; the largest first.
 */
export function salesByCustomer(period: ReportPeriod, { executor = db, limit }: DbOptions & { limit?: number } = {}) {
  const { start, end } = bounds(period);
  const buyer = sql<string>`coalesce(invoices.buyer_company, invoices.customer_name)`;
  let query = offThread(executor)
    .selectFrom("invoices")
    .select((eb) => [
      buyer.as("buyer"),
      sql<string>`case when invoices.buyer_company is null then 'customer' else 'company' end`.as("kind"),
      eb.fn.count<number>("invoices.id").as("documents"),
      eb.fn.sum<number>(sql`${SIGN} * (invoices.goods_cents + invoices.shipping_cents)`).as("net_cents"),
      eb.fn.sum<number>(sql`${SIGN} * invoices.tax_cents`).as("vat_cents"),
    ])
    .where("invoices.issued_at", ">=", start)
    .where("invoices.issued_at", "<", end)
    .groupBy([buyer, sql`case when invoices.buyer_company is null then 'customer' else 'company' end`])
    .orderBy("net_cents", "desc")
    .orderBy("buyer");
  if (limit !== undefined) query = query.limit(limit);
  return query.execute().then((rows) =>
    rows.map((row) => ({
      buyer: row.buyer,
      kind: row.kind as "company" | "customer",
      documents: Number(row.documents),
      netCents: Number(row.net_cents),
      vatCents: Number(row.vat_cents),
    })),
  );
}

/** The months (store months) a period touches, each clipped to it: "2026-11" with its first and last day. */
export function monthsOf({ from, to }: ReportPeriod) {
  const months: { month: string; period: ReportPeriod }[] = [];
  let first = from;
  while (first <= to) {
    const month = first.slice(0, 7);
    const nextMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1))
      .toISOString()
      .slice(0, 10);
    const last = addCalendarDays(nextMonth, -1);
    months.push({ month, period: { from: first, to: last < to ? last : to } });
    first = nextMonth;
  }
  return months;
}

/** Net sales and VAT by store month over the period, oldest first (one indexed sum per month). */
export async function salesByMonth(period: ReportPeriod, options: DbOptions = {}) {
  const months = [];
  for (const { month, period: days } of monthsOf(period)) {
    const figures = await vatReturn(days, options);
    months.push({ month, netCents: figures.netSalesCents, vatCents: figures.boxes[1], ...figures.documents });
  }
  return months;
}

export type MonthSales = Awaited<ReturnType<typeof salesByMonth>>[number];
export type PartSales = Awaited<ReturnType<typeof salesByPart>>[number];
export type BuyerSales = Awaited<ReturnType<typeof salesByCustomer>>[number];
