import { createHash } from "node:crypto";

import type { ActionFunctionArgs } from "@remix-run/node";

import { cxmlStatusResponse } from "~/documents/cxml.server";
import { cxmlConnection, cxmlExchange } from "~/replies/punchout.server";
import { placePurchaseOrder } from "~/services/purchase-orders.server";
import { type PurchaseOrder, readPurchaseOrder } from "~/validation/cxml";
import { refusalPage } from "~/web/refusal-page.server";

/** What makes two purchase orders the same: everything but the envelope's payloadID and timestamp. */
function contentHash(order: PurchaseOrder) {
  const { orderId, currency, totalCents, shipTo, phone, lines } = order;
  return createHash("sha256")
    .update(JSON.stringify({ orderId, currency, totalCents, shipTo, phone, lines }))
    .digest("hex");
}

// A procurement system's purchase order (cXML OrderRequest), authenticated as the setup request is:
// the company's order, once per orderID and payloadID (docs/decisions/0051-punchout.md).
export async function action({ request }: ActionFunctionArgs) {
  return cxmlExchange(request, async (source) => {
    const order = readPurchaseOrder(source);
    const connection = await cxmlConnection(order.header);
    const placed = await placePurchaseOrder(connection, order, contentHash(order));
    return cxmlStatusResponse(
      200,
      placed.repeated ? `Taken before as our order ${placed.orderId}.` : `Taken as our order ${placed.orderId}.`,
    );
  });
}

/** Only posted to (an OrderRequest): a GET is told so, with the method that is. */
export function loader() {
  return refusalPage(405, "This address takes only POST requests.", { Allow: "POST" });
}
