import type { Transaction } from "kysely";

import { db, isPostgres, now, Rollback } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { PostalAddress } from "~/lib/addresses";
import { allocateStock, type Allocation } from "~/models/backorders.server";
import { cartLinesOf, removeOrderedLines } from "~/models/cart";
import { type Bill, type BillLine, priceLines, problemOf, type WantedLine } from "~/models/pricing.server";
import {
  approvalExpiry,
  approvalReason,
  buyerTermsOf,
  checkCredit,
  type CreditRefusal,
  lockCompanyForCheckout,
  paymentMethodOf,
} from "~/models/trade-terms.server";

export type CheckoutInput = {
  userId: number;
  /** The customer's cart as it is when the order is placed, or lines given (/order/:id, the API). */
  lines: "cart" | readonly WantedLine[];
  address: string;
  /** Whom it bills, when not the delivery address (an address from the book, on one line). */
  billingAddress?: string | null;
  /** The same addresses in their parts, when the buyer gave them so (an e-invoice needs them). */
  deliveryParts?: PostalAddress | null;
  billingParts?: PostalAddress | null;
  phone: string;
  poNumber?: string | null;
  /** The form's one-time token or the API's Idempotency-Key: one order per token and customer. */
  token: string;
  /**
   * What the request asked for, hashed (the API's Idempotency-Key): the same token with another
   * request is refused ("token-reused") instead of answered with the first order.
   */
  requestHash?: string;
  /** The total the buyer was shown; when given, a different total now refuses the order. */
  expectedTotalCents?: number;
  /**
   * A purchase order from the company's procurement system: approved there, so no member's limit
   * holds it for approval here (its credit limit still applies).
   */
  approvedElsewhere?: boolean;
};

export type CheckoutResult =
  | { ok: true; orderId: number; repeated: boolean }
  /** The token made an order for another request (an Idempotency-Key used again with other lines). */
  | { ok: false; reason: "token-reused"; orderId: number }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "not-found"; itemIds: number[] }
  /** Lines short of stock or below their minimum, each with its `problem`. */
  | { ok: false; reason: "problems"; bill: Bill }
  | { ok: false; reason: "total-changed"; bill: Bill }
  /** The buyer's account was deleted while the order was on its way in (decision 53). */
  | { ok: false; reason: "no-account" }
  /** A company order on account that its credit limit, or an overdue invoice, refuses. */
  | CreditRefusal;

/**
 * Lines of one part given twice (two API lines, a part number and its id) are one line. A unit price
 * given with a line (an accepted quote's) stays with it.
 */
function mergeLines(lines: readonly WantedLine[]) {
  const merged = new Map<number, WantedLine>();
  for (const line of lines) {
    const earlier = merged.get(line.itemId);
    merged.set(line.itemId, { ...(earlier ?? line), quantity: (earlier?.quantity ?? 0) + line.quantity });
  }
  return [...merged.values()];
}

/**
 * What an earlier order made with this token answers now: the same order again, or a refusal when it
 * was made for another request (an order from before request hashes were kept counts as the same).
 */
async function answerForToken(input: CheckoutInput): Promise<CheckoutResult | undefined> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "request_hash"])
    .where("user_id", "=", input.userId)
    .where("checkout_token", "=", input.token)
    .executeTakeFirst();
  if (!order) return undefined;
  if (input.requestHash && order.request_hash && order.request_hash !== input.requestHash) {
    return { ok: false, reason: "token-reused", orderId: order.id };
  }
  return { ok: true, orderId: order.id, repeated: true };
}

/**
 * Writes an order in one transaction, or nothing: the header (claiming the token), for every
 * line what stock there is and, for a part that takes backorders, the rest waiting for stock
 * (allocateStock), the lines with the part number, name and unit price used and what each was
 * allocated, the first status, and the ordered parts out of the cart.
 *
 * The token is claimed first, so a second request with it waits for the first (PostgreSQL's unique
 * index; SQLite runs one write transaction at a time) and then lands on its order instead of
 * finding the stock it took gone.
 *
 * `beforeCommit` runs inside that transaction once the order is written (the checkout service
 * writes the order's mail there), so the order and what it brings commit together or not at all.
 */
/**
 * Whether the buyer's account is still there, its row held (on PostgreSQL) until the order commits:
 * erasing the account locks the same row, so an order is never written for an account erased
 * meanwhile, and an erasure sees every order placed before it (decision 53).
 */
async function buyerStaysFor(trx: Transaction<Database>, userId: number) {
  let buyer = trx.selectFrom("users").select("erased_at").where("id", "=", userId);
  if (isPostgres(trx)) buyer = buyer.forShare();
  const row = await buyer.executeTakeFirst();
  return row !== undefined && row.erased_at === null;
}

export async function writeOrder(
  input: CheckoutInput,
  { beforeCommit }: { beforeCommit?: (trx: Transaction<Database>, orderId: number) => Promise<void> } = {},
): Promise<CheckoutResult> {
  const { userId, token } = input;
  const earlier = await answerForToken(input);
  if (earlier) return earlier;
  try {
    return await db.transaction().execute(async (trx): Promise<CheckoutResult> => {
      if (!(await buyerStaysFor(trx, userId))) throw new Rollback<CheckoutResult>({ ok: false, reason: "no-account" });
      const fromCart = input.lines === "cart";
      const wanted = mergeLines(input.lines === "cart" ? await cartLinesOf(userId, { executor: trx }) : input.lines);
      if (!wanted.length) throw new Rollback<CheckoutResult>({ ok: false, reason: "empty" });
      const { bill, missing } = await priceLines(wanted, { executor: trx, buyerId: userId });
      if (missing.length) throw new Rollback<CheckoutResult>({ ok: false, reason: "not-found", itemIds: missing });

      // A company member's order is the company's: paid on account or against a pro-forma invoice,
      // and waiting for an approver when it is over the member's limits (its stock reserved meanwhile).
      const terms = await buyerTermsOf(userId, { executor: trx });
      const paymentMethod = terms ? paymentMethodOf(terms) : null;
      const needsApproval =
        terms && !input.approvedElsewhere
          ? (await approvalReason(trx, userId, terms, bill.totals.totalCents)) !== null
          : false;
      const status = needsApproval ? "awaiting approval" : "pending";
      const creditLimitCents =
        terms && paymentMethod === "account" ? await lockCompanyForCheckout(trx, terms.companyId) : null;

      const timestamp = now();
      const header = await trx
        .insertInto("orders")
        .values({
          user_id: userId,
          address: input.address,
          billing_address: input.billingAddress ?? null,
          delivery_parts: input.deliveryParts ? JSON.stringify(input.deliveryParts) : null,
          billing_parts: input.billingParts ? JSON.stringify(input.billingParts) : null,
          phone: input.phone,
          po_number: input.poNumber || null,
          subtotal_cents: bill.totals.subtotalCents,
          shipping_cents: bill.totals.shippingCents,
          tax_cents: bill.totals.taxCents,
          total_cents: bill.totals.totalCents,
          checkout_token: token,
          request_hash: input.requestHash ?? null,
          company_id: terms?.companyId ?? null,
          payment_method: paymentMethod,
          status,
          approval_expires_at: needsApproval ? approvalExpiry() : null,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .onConflict((oc) => oc.columns(["user_id", "checkout_token"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!header) throw new Rollback<CheckoutResult>({ ok: true, orderId: -1, repeated: true });

      // Each line takes what stock there is, the rest waiting for a part that takes backorders.
      // Parts are locked in id order, so two checkouts never wait on each other in a circle.
      const short = new Map<number, number>();
      const allocations = new Map<number, Extract<Allocation, { ok: true }>>();
      for (const line of [...bill.lines].sort((a, b) => a.itemId - b.itemId)) {
        const allocation = await allocateStock(trx, line.itemId, line.quantity);
        if (allocation.ok) allocations.set(line.itemId, allocation);
        else short.set(line.itemId, allocation.available);
      }
      // Stock is what the allocations found, not what was read before them.
      const checked: BillLine[] = bill.lines.map((line) => {
        const left = short.get(line.itemId);
        return {
          ...line,
          available: left ?? line.available,
          problem: problemOf(line.quantity, left ?? line.quantity, line.minOrderQuantity, line.allowBackorder),
        };
      });
      if (checked.some((line) => line.problem))
        throw new Rollback<CheckoutResult>({ ok: false, reason: "problems", bill: { ...bill, lines: checked } });
      if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== bill.totals.totalCents) {
        throw new Rollback<CheckoutResult>({ ok: false, reason: "total-changed", bill });
      }
      if (terms && creditLimitCents !== null) {
        const refusal = await checkCredit(trx, terms.companyId, creditLimitCents, bill.totals.totalCents);
        if (refusal) throw new Rollback<CheckoutResult>(refusal);
      }

      await trx
        .insertInto("order_lines")
        .values(
          bill.lines.map((line, index) => {
            const allocation = allocations.get(line.itemId)!;
            return {
              order_id: header.id,
              position: index + 1,
              item_id: line.itemId,
              part_number: line.partNumber,
              item_name: line.name,
              unit_price_cents: line.unitPriceCents,
              quantity: line.quantity,
              line_total_cents: line.lineTotalCents,
              price_list_id: line.priceSource.kind === "contract" ? line.priceSource.listId : null,
              price_list_name: line.priceSource.kind === "contract" ? line.priceSource.listName : null,
              allocated: allocation.allocated,
              waiting: allocation.waiting,
              backorder_due: allocation.backorderDue,
            };
          }),
        )
        .execute();
      await trx
        .insertInto("order_status_changes")
        .values({ order_id: header.id, status, changed_at: timestamp })
        .execute();
      await beforeCommit?.(trx, header.id);
      if (fromCart) {
        await removeOrderedLines(
          userId,
          bill.lines.map((line) => line.itemId),
          { executor: trx },
        );
      }
      return { ok: true, orderId: header.id, repeated: false };
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    // Another request with this token may have committed after the check above: its order emptied
    // the cart and took the stock this one then found missing. The token's order is the answer.
    const earlier = await answerForToken(input);
    if (earlier) return earlier;
    const result = error.result as CheckoutResult;
    if (result.ok) throw new Error("A checkout token was taken but its order cannot be found");
    return result;
  }
}
