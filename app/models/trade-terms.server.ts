import { type ExpressionBuilder, sql, type Transaction } from "kysely";

import { storeToday } from "~/config/env.server";
import { db, type DbOptions, type Executor, inTransaction, isPostgres, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { APPROVAL_HOLD_HOURS, type CompanyRole, type PaymentMethod } from "~/lib/companies";
import { addCalendarDays } from "~/lib/quotes";

// Trade terms (issue 27, docs/decisions/0035-companies.md): how a company's order is paid, when it
// waits for approval, and the credit limit that holds inside the checkout transaction.

type Trx = Transaction<Database>;

/** The buyer's place in a company, with what checkout needs of the company's terms. */
export type BuyerTerms = {
  companyId: number;
  companyName: string;
  role: CompanyRole;
  orderLimitCents: number | null;
  monthlyLimitCents: number | null;
  paymentTermsDays: number | null;
  creditLimitCents: number;
};

/** The buyer's company and terms, or undefined for a private customer. */
export async function buyerTermsOf(userId: number, { executor = db }: DbOptions = {}): Promise<BuyerTerms | undefined> {
  const row = await executor
    .selectFrom("company_members")
    .innerJoin("companies", "companies.id", "company_members.company_id")
    .select([
      "companies.id",
      "companies.name",
      "company_members.role",
      "company_members.order_limit_cents",
      "company_members.monthly_limit_cents",
      "companies.payment_terms_days",
      "companies.credit_limit_cents",
    ])
    .where("company_members.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    companyId: row.id,
    companyName: row.name,
    role: row.role,
    orderLimitCents: row.order_limit_cents === null ? null : Number(row.order_limit_cents),
    monthlyLimitCents: row.monthly_limit_cents === null ? null : Number(row.monthly_limit_cents),
    paymentTermsDays: row.payment_terms_days,
    creditLimitCents: Number(row.credit_limit_cents),
  };
}

export const paymentMethodOf = (terms: BuyerTerms): PaymentMethod =>
  terms.paymentTermsDays === null ? "proforma" : "account";

/** The first day of the store's current calendar month, as order timestamps compare with it. */
function monthStart(today = storeToday()) {
  return `${today.slice(0, 7)}-01`;
}

/**
 * Why an order of `totalCents` by this member needs approval, or null when it does not: over their
 * limit per order, or over their monthly limit with their other orders this month (cancelled ones
 * not counted).
 */
export async function approvalReason(
  trx: Executor,
  userId: number,
  terms: BuyerTerms,
  totalCents: number,
): Promise<string | null> {
  if (terms.orderLimitCents !== null && totalCents > terms.orderLimitCents) return "over your limit per order";
  if (terms.monthlyLimitCents === null) return null;
  const spent = await trx
    .selectFrom("orders")
    .select(sql<number>`coalesce(sum(total_cents), 0)`.as("cents"))
    .where("user_id", "=", userId)
    .where("company_id", "=", terms.companyId)
    .where("status", "!=", "cancelled")
    .where("created_at", ">=", monthStart())
    .executeTakeFirstOrThrow();
  return Number(spent.cents) + totalCents > terms.monthlyLimitCents ? "over your monthly limit" : null;
}

/** Until when an order placed now for approval keeps its stock. */
export function approvalExpiry(from = new Date()) {
  return new Date(from.getTime() + APPROVAL_HOLD_HOURS * 3_600_000).toISOString();
}

/**
 * What a company's orders on account owe now: for every one not yet settled, what it will bill less
 * the invoices paid and the credit notes issued against it. What it will bill is its invoices once
 * nothing of it is left to invoice (shipped or delivered: each invoice rounds its own VAT, decision
 * 44; cancelled: what was invoiced before), else its total. Orders awaiting approval count: their
 * credit is reserved too.
 */
export async function creditUsed(companyId: number, { executor = db }: DbOptions = {}) {
  const invoiced = sql`coalesce((select sum(i.total_cents) from invoices i where i.order_id = orders.id and i.kind = 'invoice'), 0)`;
  const row = await executor
    .selectFrom("orders")
    .select(
      sql<number>`coalesce(sum(
        case when orders.status = 'cancelled'
            or (orders.status in ('shipped', 'delivered')
              and exists (select 1 from invoices i where i.order_id = orders.id and i.kind = 'invoice'))
          then ${invoiced}
          else orders.total_cents end
        - coalesce((select sum(i.total_cents) from invoices i where i.order_id = orders.id
            and ((i.kind = 'invoice' and i.paid_at is not null) or i.kind = 'credit note')), 0)
      ), 0)`.as("cents"),
    )
    .where("orders.company_id", "=", companyId)
    .where("orders.payment_method", "=", "account")
    .where("orders.paid_at", "is", null)
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(row.cents));
}

/**
 * What is still owed on an invoice: its total less the credit notes that credit it (each credit note
 * credits one invoice); nothing once it is paid.
 */
export function owedOnInvoice(eb: ExpressionBuilder<Database, "invoices">) {
  const credited = eb
    .selectFrom("invoices as credit_notes")
    .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("credit_notes.total_cents"), inner.lit(0)).as("cents"))
    .whereRef("credit_notes.credits_invoice_id", "=", "invoices.id")
    .where("credit_notes.kind", "=", "credit note");
  return eb(eb.ref("invoices.total_cents"), "-", credited);
}

/**
 * A company's invoices on account past their due day, not paid and not wholly credited, oldest first,
 * each with what is still owed on it.
 */
export function overdueInvoices(
  companyId: number,
  { executor = db, today = storeToday() }: DbOptions & { today?: string } = {},
) {
  return executor
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.order_id")
    .select((eb) => ["invoices.number", "invoices.due_on", "invoices.total_cents", owedOnInvoice(eb).as("owed_cents")])
    .where("orders.company_id", "=", companyId)
    .where("invoices.kind", "=", "invoice")
    .where("invoices.paid_at", "is", null)
    .where("invoices.due_on", "<", today)
    .where((eb) => eb(owedOnInvoice(eb), ">", 0))
    .orderBy("invoices.due_on")
    .limit(20)
    .execute();
}

export type CreditRefusal =
  | { ok: false; reason: "credit-limit"; availableCents: number; totalCents: number }
  | { ok: false; reason: "overdue"; invoiceNumbers: string[] };

/**
 * Takes the company's row for the checkout transaction, before anything else of the order is
 * written or locked (PostgreSQL's FOR NO KEY UPDATE, which the orders' foreign keys to it do not
 * conflict with; SQLite writes one transaction at a time): members checking out at once are then
 * counted one after another, and the credit limit holds for them all.
 */
export async function lockCompanyForCheckout(trx: Trx, companyId: number) {
  let company = trx.selectFrom("companies").select("credit_limit_cents").where("id", "=", companyId);
  if (isPostgres(trx)) company = company.forNoKeyUpdate();
  const { credit_limit_cents } = await company.executeTakeFirstOrThrow();
  return Number(credit_limit_cents);
}

/**
 * Inside the checkout transaction that took the company's row (lockCompanyForCheckout), once the
 * order's header (on account, with its total) is written: refused when an invoice is overdue, or
 * when what the company owes with this order is over its limit.
 */
export async function checkCredit(
  trx: Trx,
  companyId: number,
  creditLimitCents: number,
  orderTotalCents: number,
): Promise<CreditRefusal | null> {
  const overdue = await overdueInvoices(companyId, { executor: trx });
  if (overdue.length) return { ok: false, reason: "overdue", invoiceNumbers: overdue.map((invoice) => invoice.number) };
  const used = await creditUsed(companyId, { executor: trx });
  if (used > creditLimitCents) {
    const availableCents = Math.max(0, creditLimitCents - (used - orderTotalCents));
    return { ok: false, reason: "credit-limit", availableCents, totalCents: orderTotalCents };
  }
  return null;
}

/** The day an invoice on account issued today falls due, or null for an order not on account. */
export async function dueDayOf(trx: Trx, orderId: number, issuedOn: string) {
  const row = await trx
    .selectFrom("orders")
    .innerJoin("companies", "companies.id", "orders.company_id")
    .select("companies.payment_terms_days")
    .where("orders.id", "=", orderId)
    .where("orders.payment_method", "=", "account")
    .executeTakeFirst();
  return row?.payment_terms_days ? addCalendarDays(issuedOn, row.payment_terms_days) : null;
}

export type PaymentResult =
  | { ok: true; paidInvoices: string[]; settled: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "nothing-due" };

/**
 * Staff record that an order's payment arrived: a pro-forma order may then be dispatched; for an
 * order on account, its unpaid invoices are paid, and once nothing of it is left to invoice it no
 * longer counts against the credit limit.
 */
export function recordPayment(orderId: number, { executor = db }: DbOptions = {}): Promise<PaymentResult> {
  return inTransaction(executor, async (trx): Promise<PaymentResult> => {
    const order = await trx
      .selectFrom("orders")
      .select(["payment_method", "paid_at", "status"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order || order.payment_method === null) return { ok: false, reason: "not-found" };
    if (order.paid_at !== null) return { ok: false, reason: "nothing-due" };
    const timestamp = now();
    if (order.payment_method === "proforma") {
      const paid = await trx
        .updateTable("orders")
        .set({ paid_at: timestamp, updated_at: timestamp })
        .where("id", "=", orderId)
        .where("paid_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      return paid ? { ok: true, paidInvoices: [], settled: true } : { ok: false, reason: "nothing-due" };
    }
    const paid = await trx
      .updateTable("invoices")
      .set({ paid_at: timestamp })
      .where("order_id", "=", orderId)
      .where("kind", "=", "invoice")
      .where("paid_at", "is", null)
      .returning("number")
      .execute();
    const settled = order.status === "shipped" || order.status === "delivered" || order.status === "cancelled";
    if (settled)
      await trx
        .updateTable("orders")
        .set({ paid_at: timestamp, updated_at: timestamp })
        .where("id", "=", orderId)
        .execute();
    if (!paid.length && !settled) return { ok: false, reason: "nothing-due" };
    return { ok: true, paidInvoices: paid.map((invoice) => invoice.number), settled };
  });
}

/** Whether an order may leave: a pro-forma order only once its payment is recorded. */
export const awaitsPayment = (order: { payment_method: PaymentMethod | null; paid_at: string | null }) =>
  order.payment_method === "proforma" && order.paid_at === null;

/**
 * What checkout tells a company member before they place an order of `totalCents`: how it will be
 * paid, the credit left, whether it will wait for approval and why, and any overdue invoice that
 * will refuse it. Undefined for a private customer. The checkout transaction decides again.
 */
export async function checkoutTermsFor(userId: number, totalCents: number) {
  const terms = await buyerTermsOf(userId);
  if (!terms) return undefined;
  const paymentMethod = paymentMethodOf(terms);
  const onAccount = paymentMethod === "account";
  const [used, overdue, approval] = await Promise.all([
    onAccount ? creditUsed(terms.companyId) : 0,
    onAccount ? overdueInvoices(terms.companyId) : [],
    approvalReason(db, userId, terms, totalCents),
  ]);
  return {
    companyName: terms.companyName,
    paymentMethod,
    paymentTermsDays: terms.paymentTermsDays,
    creditAvailableCents: onAccount ? Math.max(0, terms.creditLimitCents - used) : null,
    approvalReason: approval,
    overdueInvoiceNumbers: overdue.map((invoice) => invoice.number),
  };
}
