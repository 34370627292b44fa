import { db, type DbOptions, inTransaction, now } from "~/db/db.server";
import { canApprove } from "~/lib/companies";
import { type CompletedLine } from "~/models/backorders.server";
import { moveOrderStatus } from "~/models/order";

// Orders over a buyer's limit (issue 27): placed as "awaiting approval" with their stock reserved
// until `approval_expires_at`, then approved (pending, on to dispatch) or rejected (cancelled, the
// stock released) by an approver of the company, or released when nobody decided in time.

/** A company's orders awaiting approval, oldest first, as the approvals page lists them. */
export function listAwaitingApproval(companyId: number) {
  return db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.id",
      "orders.user_id",
      "orders.total_cents",
      "orders.po_number",
      "orders.created_at",
      "orders.approval_expires_at",
      "users.display_name as buyer_name",
    ])
    .where("orders.company_id", "=", companyId)
    .where("orders.status", "=", "awaiting approval")
    .orderBy("orders.id")
    .limit(200)
    .execute();
}

/** The approvers of a company a new order over its buyer's limit is mailed to (not the buyer). */
export async function approversOf(companyId: number, buyerId: number, { executor = db }: DbOptions = {}) {
  const members = await executor
    .selectFrom("company_members")
    .innerJoin("users", "users.id", "company_members.user_id")
    .select(["users.id", "users.email", "users.display_name", "company_members.role"])
    .where("company_members.company_id", "=", companyId)
    .where("users.id", "!=", buyerId)
    .execute();
  return members.filter((member) => canApprove(member.role));
}

export type ApprovalDecision = "approve" | "reject";

export type DecideResult =
  | { ok: true; status: "pending" | "cancelled"; completed: CompletedLine[] }
  | { ok: false; reason: "not-found" | "own-order" | "decided" | "expired" };

/**
 * An approver's decision on an order of their company: approve places it for dispatch, reject
 * cancels it and releases its stock; both land in the order's history. An approver never decides
 * their own order, and an order past its reservation is released, not approved.
 */
export function decideApproval(
  orderId: number,
  approver: { userId: number; companyId: number },
  decision: ApprovalDecision,
  { executor = db, at = new Date() }: DbOptions & { at?: Date } = {},
): Promise<DecideResult> {
  return inTransaction(executor, async (trx): Promise<DecideResult> => {
    const order = await trx
      .selectFrom("orders")
      .select(["user_id", "status", "approval_expires_at"])
      .where("id", "=", orderId)
      .where("company_id", "=", approver.companyId)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    if (order.status !== "awaiting approval") return { ok: false, reason: "decided" };
    if (order.user_id === approver.userId) return { ok: false, reason: "own-order" };
    if (decision === "approve" && order.approval_expires_at !== null && order.approval_expires_at <= at.toISOString()) {
      return { ok: false, reason: "expired" };
    }
    const to = decision === "approve" ? "pending" : "cancelled";
    const moved = await moveOrderStatus(orderId, to, { executor: trx });
    if (!moved.ok) return { ok: false, reason: moved.reason === "not-found" ? "not-found" : "decided" };
    await trx
      .updateTable("orders")
      .set({ approval_expires_at: null, updated_at: now() })
      .where("id", "=", orderId)
      .execute();
    return { ok: true, status: to, completed: moved.completed };
  });
}

/** Orders whose reservation ran out before anyone decided, up to `limit`, oldest first. */
export function expiredApprovals(at = new Date(), limit = 50, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "awaiting approval")
    .where("approval_expires_at", "<=", at.toISOString())
    .orderBy("approval_expires_at")
    .limit(limit)
    .execute();
}
