import type { Transaction } from "kysely";

import { formatPrice, formatStoreDate } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { approvalRequestMessage, companyInvitationMessage } from "~/mail/messages.server";
import { enqueueMessage, enqueueMessages } from "~/mail/outbox.server";
import { type ApprovalDecision, approversOf, decideApproval, expiredApprovals } from "~/models/approvals.server";
import { createInvitation, type Invitation } from "~/models/company";
import { moveOrderStatus } from "~/models/order";

import { enqueueMailForOrder } from "./order-mail.server";
import { notifyCompletedLines } from "./stock-arrivals.server";

// What a company's changes send and do beyond their rows: invitations and approvals, each with its
// mail in the change's own transaction (decision 17).

/** A company admin (or staff) invites someone by email: the invitation and its message together. */
export function inviteToCompany(
  company: { id: number; name: string },
  invitation: Invitation,
  inviter: { id: number; name: string },
) {
  return db.transaction().execute(async (trx) => {
    const token = await createInvitation(company.id, invitation, inviter.id, { executor: trx });
    await enqueueMessage(
      {
        ...companyInvitationMessage(company.name, inviter.name, token),
        kind: "company-invitation",
        recipient: invitation.email,
      },
      { executor: trx },
    );
  });
}

/**
 * Inside a new order's transaction: when it awaits approval, every approver of its company (not the
 * buyer) is asked, by mail, to approve or reject it.
 */
export async function askApprovers(trx: Transaction<Database>, orderId: number) {
  const order = await trx
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .innerJoin("companies", "companies.id", "orders.company_id")
    .select([
      "orders.status",
      "orders.user_id",
      "orders.company_id",
      "orders.total_cents",
      "orders.approval_expires_at",
      "users.display_name",
      "companies.name as company_name",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.status !== "awaiting approval" || order.company_id === null) return;
  const approvers = await approversOf(order.company_id, order.user_id, { executor: trx });
  const message = approvalRequestMessage({
    id: orderId,
    buyerName: order.display_name,
    companyName: order.company_name,
    total: formatPrice(Number(order.total_cents)),
    reason: "over the buyer's spending limit",
    expires: formatStoreDate(order.approval_expires_at ?? new Date().toISOString()),
  });
  await enqueueMessages(
    approvers.map((approver) => ({
      ...message,
      kind: "approval-request",
      recipient: approver.email,
      orderId,
      toAccount: approver.id,
    })),
    { executor: trx },
  );
}

/** An approver approves or rejects; the buyer is told, and units a rejection frees fill waiting orders. */
export function decideOrder(
  orderId: number,
  approver: { userId: number; companyId: number },
  decision: ApprovalDecision,
) {
  return db.transaction().execute(async (trx) => {
    const result = await decideApproval(orderId, approver, decision, { executor: trx });
    if (!result.ok) return result;
    await enqueueMailForOrder(orderId, result.status === "pending" ? "approved" : "cancelled", { executor: trx });
    await notifyCompletedLines(result.completed, { executor: trx });
    return result;
  });
}

/**
 * Releases the stock of orders nobody approved in time: each is cancelled (its buyer told), one
 * transaction per order so one failure does not hold back the rest.
 */
export async function releaseExpiredApprovals(at = new Date()) {
  const expired = await expiredApprovals(at);
  let released = 0;
  for (const { id } of expired) {
    const done = await db.transaction().execute(async (trx) => {
      const stillWaiting = await trx
        .selectFrom("orders")
        .select("id")
        .where("id", "=", id)
        .where("status", "=", "awaiting approval")
        .where("approval_expires_at", "<=", at.toISOString())
        .executeTakeFirst();
      if (!stillWaiting) return false;
      const moved = await moveOrderStatus(id, "cancelled", { executor: trx });
      if (!moved.ok) return false;
      await enqueueMailForOrder(id, "cancelled", { executor: trx });
      await notifyCompletedLines(moved.completed, { executor: trx });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

const APPROVAL_SWEEP_MS = 60_000;
let sweeper: ReturnType<typeof setInterval> | undefined;

/** Looks for approvals that ran out once a minute (each app process; the status check makes it once). */
export function startApprovalSweeper() {
  if (sweeper) return;
  sweeper = setInterval(() => {
    releaseExpiredApprovals().catch((error) => console.error("Releasing expired approvals failed:", error));
  }, APPROVAL_SWEEP_MS);
  sweeper.unref();
}

export function stopApprovalSweeper() {
  if (sweeper) clearInterval(sweeper);
  sweeper = undefined;
}
