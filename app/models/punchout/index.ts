// Punchout (issue 52, docs/decisions/0051-punchout.md): a company's procurement system shops here
// and sends its purchase orders. Its entry points, each from the file that holds it:
//   connections.server.ts      a company's connection, its shared secret, who a request is and acts as
//   sessions.server.ts         a setup request's session, its one-time start link, what it sent back
//   purchase-orders.server.ts  the purchase orders taken, by orderID and payloadID
// Turning a purchase order into an order is app/services/punchout.server.ts's.

export type { ConnectionSettings, PunchoutConnection, SaveConnectionResult } from "./connections.server";
export {
  authenticateConnection,
  connectionOfCompany,
  punchoutMemberFor,
  removeConnection,
  saveConnection,
} from "./connections.server";
export type { TakenPurchaseOrder } from "./purchase-orders.server";
export { recordPurchaseOrder, takenPurchaseOrder } from "./purchase-orders.server";
export type { OpenSession, PunchoutSession, TransferredPrice } from "./sessions.server";
export {
  openPunchoutSession,
  PUNCHOUT_SESSION_LIFETIME_MS,
  punchoutSessionOf,
  recordTransfer,
  redeemStartLink,
  sessionIdOfReference,
  sessionReference,
  START_LINK_LIFETIME_MS,
  transferredPrices,
} from "./sessions.server";
export type { PunchoutProtocol } from "~/db/schema";
