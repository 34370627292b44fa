import { formatPrice, storeMoneyFormat } from "~/config/env.server";
import { db, isUniqueViolation } from "~/db/db.server";
import { addressOnOneLine } from "~/lib/addresses";
import { partNumberKey } from "~/lib/part-number";
import { itemsByPartNumber } from "~/models/cart";
import { priceLines, type WantedLine } from "~/models/pricing.server";
import {
  type PunchoutConnection,
  recordPurchaseOrder,
  sessionIdOfReference,
  takenPurchaseOrder,
  transferredPrices,
} from "~/models/punchout";
import { CxmlProblem, type PurchaseOrder } from "~/validation/cxml";

import { placeOrder } from "./checkout.server";

// A procurement system's purchase order (cXML OrderRequest, issue 52) placed as the company's order,
// at the prices its punchout cart went back with (docs/decisions/0051-punchout.md).

export type PlacedPurchaseOrder = { orderId: number; repeated: boolean };

/**
 * Places a purchase order as the company's order, once per orderID and per payloadID: the same
 * document again answers its order; another document under either is refused (409). Each line is
 * charged what its session's cart went back with, or, for a line from no session, the company's
 * price today; a line whose price on the order is not that is refused, so the invoice never
 * disagrees with the purchase order. Stock, backorders, mail and invoices then go as for any order.
 */
export async function placePurchaseOrder(
  connection: PunchoutConnection,
  order: PurchaseOrder,
  requestHash: string,
): Promise<PlacedPurchaseOrder> {
  const earlier = await takenPurchaseOrder(connection.id, order.orderId, order.header.payloadId);
  if (earlier) return answerForEarlier(earlier, order, requestHash);

  const { currency } = storeMoneyFormat();
  if (order.currency && order.currency !== currency) {
    throw new CxmlProblem(400, `Orders are taken in ${currency}; this one is in another currency.`);
  }
  const owners = await sessionOwners(connection, order);
  const parts = await itemsByPartNumber(order.lines.map((line) => line.supplierPartId));
  const transferred = await transferredPrices(connection.id, [...owners.keys()]);
  // The engineer who shopped (the newest session named), or the connection's own member.
  const userId = owners.size ? owners.get(Math.max(...owners.keys()))! : connection.actingUserId;
  if (userId === null) {
    throw new CxmlProblem(
      403,
      "No member account of the company is set to place this connection's orders: ask us to choose one.",
    );
  }
  const wanted: WantedLine[] = [];
  const fromToday: { lineNumber: number; itemId: number; quantity: number; unitPriceCents: number }[] = [];
  for (const line of order.lines) {
    const part = parts.get(partNumberKey(line.supplierPartId));
    if (!part) throw new CxmlProblem(400, `Line ${line.lineNumber}: we have no part with that SupplierPartID.`);
    const sessionId = sessionIdOfReference(line.auxiliaryId);
    const sent = sessionId === null ? undefined : transferred.get(`${sessionId}:${part.id}`);
    if (sent) {
      if (sent.unitPriceCents !== line.unitPriceCents) {
        throw new CxmlProblem(
          400,
          `Line ${line.lineNumber}: the unit price is not the ${formatPrice(sent.unitPriceCents)} the cart was sent with.`,
        );
      }
      wanted.push({
        itemId: part.id,
        quantity: line.quantity,
        unitPriceCents: sent.unitPriceCents,
        priceSource: sent.priceSource,
      });
    } else {
      fromToday.push({
        lineNumber: line.lineNumber,
        itemId: part.id,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      });
    }
  }
  if (fromToday.length) {
    const today = await getCartPrices(userId, fromToday);
    for (const line of fromToday) {
      const price = today.get(line.itemId)!;
      if (price.unitPriceCents !== line.unitPriceCents) {
        throw new CxmlProblem(
          400,
          `Line ${line.lineNumber}: the unit price is not our price for your company, ${formatPrice(price.unitPriceCents)}.`,
        );
      }
      wanted.push({
        itemId: line.itemId,
        quantity: line.quantity,
        unitPriceCents: price.unitPriceCents,
        priceSource: price.priceSource,
      });
    }
  }

  const deliveryParts = order.shipTo;
  try {
    const result = await placeOrder(
      {
        userId,
        lines: wanted,
        address: addressOnOneLine(deliveryParts),
        deliveryParts,
        phone: order.phone,
        poNumber: order.orderId,
        token: `punchout:${connection.id}:${order.orderId}`,
        requestHash,
        approvedElsewhere: true,
      },
      {
        beforeCommit: (trx, orderId) =>
          recordPurchaseOrder(trx, connection.id, {
            orderRef: order.orderId,
            payloadId: order.header.payloadId,
            requestHash,
            orderId,
          }),
      },
    );
    if (result.ok) return { orderId: result.orderId, repeated: result.repeated };
    throw refusalOf(result);
  } catch (error) {
    // The same payloadID under another orderID, taken at the same moment: answered as taken.
    if (!isUniqueViolation(error)) throw error;
    const taken = await takenPurchaseOrder(connection.id, order.orderId, order.header.payloadId);
    if (!taken) throw error;
    return answerForEarlier(taken, order, requestHash);
  }
}

function answerForEarlier(
  earlier: { orderRef: string; requestHash: string; orderId: number },
  order: PurchaseOrder,
  requestHash: string,
) {
  if (earlier.orderRef === order.orderId && earlier.requestHash === requestHash) {
    return { orderId: earlier.orderId, repeated: true };
  }
  throw new CxmlProblem(
    409,
    earlier.orderRef === order.orderId
      ? "This orderID was taken before with other content; send changes as a new order or contact us."
      : "This payloadID was used before for another order.",
  );
}

/**
 * The sessions the lines name, with whom each acted as. A line naming a session of another
 * connection (another company's cart) refuses the whole order: nothing of it is written.
 */
async function sessionOwners(connection: PunchoutConnection, order: PurchaseOrder) {
  const named = new Map<number, number>();
  for (const line of order.lines) {
    if (!line.auxiliaryId) continue;
    const sessionId = sessionIdOfReference(line.auxiliaryId);
    if (sessionId === null)
      throw new CxmlProblem(400, `Line ${line.lineNumber}: the SupplierPartAuxiliaryID is not one we sent.`);
    named.set(sessionId, line.lineNumber);
  }
  if (!named.size) return new Map<number, number>();
  const rows = await db
    .selectFrom("punchout_sessions")
    .select(["id", "user_id"])
    .where("connection_id", "=", connection.id)
    .where("id", "in", [...named.keys()])
    .execute();
  const owners = new Map(rows.map((row) => [row.id, row.user_id]));
  for (const [sessionId, lineNumber] of named) {
    if (!owners.has(sessionId)) {
      throw new CxmlProblem(403, `Line ${lineNumber} names a punchout session that is not this connection's.`);
    }
  }
  return owners;
}

/** The member's price for each line today, at its quantity (contract prices and breaks included). */
async function getCartPrices(userId: number, lines: readonly { itemId: number; quantity: number }[]) {
  const { bill } = await priceLines(lines, { buyerId: userId });
  return new Map(bill.lines.map((line) => [line.itemId, line]));
}

/** An order the shop would not place, in cXML's words. */
function refusalOf(result: Exclude<Awaited<ReturnType<typeof placeOrder>>, { ok: true }>) {
  switch (result.reason) {
    case "problems": {
      const lines = result.bill.lines.filter((line) => line.problem);
      const what = lines
        .map((line) =>
          line.problem?.kind === "short"
            ? `${line.partNumber}: only ${line.problem.available} in stock, and it is not sold on backorder`
            : `${line.partNumber}: at least ${line.problem?.kind === "below-minimum" ? line.problem.minimum : 1} a line`,
        )
        .join("; ");
      return new CxmlProblem(409, `The order cannot be placed as it stands: ${what}.`);
    }
    case "credit-limit":
      return new CxmlProblem(
        403,
        `The order would take the company over its credit limit (${formatPrice(result.availableCents)} left).`,
      );
    case "overdue":
      return new CxmlProblem(
        403,
        `The company has overdue invoices (${result.invoiceNumbers.join(", ")}): contact us.`,
      );
    case "token-reused":
      return new CxmlProblem(
        409,
        "This orderID was taken before with other content; send changes as a new order or contact us.",
      );
    case "not-found":
      return new CxmlProblem(400, "A part on the order is no longer sold.");
    case "empty":
      return new CxmlProblem(400, "The order has no lines.");
    case "total-changed":
      return new CxmlProblem(409, "The order's total changed while it was placed: send it again.");
    case "no-account":
      return new CxmlProblem(403, "The member this order was placed for has deleted their account: contact us.");
  }
}
