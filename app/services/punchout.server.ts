import { appUrl, storePricingRules } from "~/config/env.server";
import { db } from "~/db/db.server";
import { cxmlOrderMessage, type TransferredLine } from "~/documents/cxml.server";
import { ociItemFields } from "~/documents/oci-fields.server";
import { partNumberKey } from "~/lib/part-number";
import { addLinesToCart, getCart, itemsByPartNumber, removeOrderedLines } from "~/models/cart";
import { customerPartNumbersOf } from "~/models/customer-part-numbers.server";
import {
  openPunchoutSession,
  type PunchoutConnection,
  punchoutMemberFor,
  type PunchoutSession,
  recordTransfer,
  sessionReference,
} from "~/models/punchout";
import { CxmlProblem } from "~/validation/cxml";

// Punchout (issue 52, docs/decisions/0051-punchout.md): a setup request becomes a session with a
// one-time start link, and the cart goes back to the procurement system instead of being ordered.
// The purchase order that follows is purchase-orders.server.ts's.

export type PunchoutSetup = {
  operation: "create" | "edit" | "oci";
  buyerCookie: string;
  returnUrl: string;
  returnTarget?: string | null;
  requester: { email: string | null; name: string | null };
  /** "edit": what the requisition holds, put back into the cart. */
  items?: readonly { supplierPartId: string; quantity: number }[];
};

/** Opens a session for the connection's member and returns its start link, or why there is none. */
export async function setUpPunchout(connection: PunchoutConnection, setup: PunchoutSetup) {
  const userId = await punchoutMemberFor(connection, setup.requester);
  if (userId === null) {
    throw new CxmlProblem(
      403,
      "No member account of the company is set for this connection, and the request names none: ask us to choose one.",
    );
  }
  if (setup.items?.length) {
    const found = await itemsByPartNumber(setup.items.map((item) => item.supplierPartId));
    const lines = setup.items.flatMap((item) => {
      const part = found.get(partNumberKey(item.supplierPartId));
      return part ? [{ itemId: part.id, quantity: item.quantity }] : [];
    });
    await addLinesToCart(userId, lines);
  }
  const { token } = await openPunchoutSession({
    connectionId: connection.id,
    userId,
    operation: setup.operation,
    buyerCookie: setup.buyerCookie,
    returnUrl: setup.returnUrl,
    returnTarget: setup.returnTarget,
  });
  return `${appUrl()}/punchout/start/${token}`;
}

export type CartReturn = {
  action: string;
  target: string | null;
  fields: [string, string][];
  lineCount: number;
  systemName: string;
};

/**
 * Sends the member's cart back: the lines at the prices the cart shows (contract prices included),
 * kept with the session for the purchase order to come, and the cart emptied, in one transaction.
 * What goes back is the form the browser posts to the procurement system.
 */
export async function returnCart(session: PunchoutSession): Promise<CartReturn | null> {
  const userId = session.user_id;
  const reference = sessionReference(session.id);
  return db.transaction().execute(async (trx) => {
    const bill = await getCart(userId, { executor: trx });
    if (!bill.lines.length) return null;
    const itemIds = bill.lines.map((line) => line.itemId);
    const [buyerNumbers, classes] = await Promise.all([
      customerPartNumbersOf(userId, itemIds, { executor: trx }),
      trx
        .selectFrom("items")
        .leftJoin("categories", "categories.id", "items.category_id")
        .select(["items.id", "categories.unspsc"])
        .where("items.id", "in", itemIds)
        .execute(),
    ]);
    const unspscOf = new Map(classes.map((row) => [row.id, row.unspsc]));
    const lines: TransferredLine[] = bill.lines.map((line) => ({
      partNumber: line.partNumber,
      buyerPartNumber: buyerNumbers.get(line.itemId) ?? null,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      unspsc: unspscOf.get(line.itemId) ?? null,
      leadTimeDays: line.leadTimeDays,
    }));
    await recordTransfer(
      trx,
      session.id,
      bill.lines.map((line) => ({
        itemId: line.itemId,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        priceSource: line.priceSource,
      })),
    );
    await removeOrderedLines(userId, itemIds, { executor: trx });
    const fields: [string, string][] =
      session.protocol === "oci"
        ? [["~OkCode", "ADDI"], ["~CALLER", "CTLG"], ...ociItemFields(lines, reference)]
        : [
            [
              "cxml-urlencoded",
              cxmlOrderMessage({
                sessionReference: reference,
                buyerCookie: session.buyer_cookie,
                buyer: { domain: session.domain, identity: session.identity },
                lines,
                goodsCents: bill.totals.subtotalCents,
                shippingCents: bill.totals.shippingCents,
                taxCents: bill.totals.taxCents,
                taxLabel: storePricingRules().taxLabel,
              }),
            ],
          ];
    if (session.protocol === "oci" && session.return_target) fields.push(["~TARGET", session.return_target]);
    return {
      action: session.return_url,
      target: session.return_target,
      fields,
      lineCount: lines.length,
      systemName: session.system_name,
    };
  });
}
