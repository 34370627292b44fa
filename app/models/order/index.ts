// Orders once placed (writing one is checkout.server.ts's). Its entry points, each from the file
// that holds it:
//   lists.server.ts       lists for a buyer, a company and staff; where the next order ships
//   detail.server.ts      one order with its lines, its shipments and their packing slips
//   lifecycle.server.ts   the moves an order may make, its buttons, cancelling it or one line
//   shipments.server.ts   shipping what is ready
//   returns.server.ts     units that came back
//   export.server.ts      the orders CSV
//   dashboard.server.ts   what the admin home shows of orders
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { OrdersOnDay } from "./dashboard.server";
export { listAwaitingShipment, ordersByDay } from "./dashboard.server";
export type { OrderDetail, OrderReader, OrderWithLines, PackingSlip } from "./detail.server";
export {
  getOrder,
  getOrdersWithLines,
  getOrderWithLines,
  getPackingSlip,
  linesOfOrders,
  listShipments,
} from "./detail.server";
export { ORDER_CSV_COLUMNS, orderCsvBatches } from "./export.server";
export type { CancellableLine, CancelLineResult, ChangeStatusResult, OrderAction } from "./lifecycle.server";
export {
  cancellableLines,
  cancelOrderLine,
  moveOrderStatus,
  ORDER_ACTIONS,
  orderActionsFor,
  orderButtonsFor,
} from "./lifecycle.server";
export type { OrderFilter, OrderSummary } from "./lists.server";
export {
  listAllOrders,
  listOrdersForUser,
  listOrdersPage,
  MY_ORDERS_PER_PAGE,
  myOrdersPages,
  ORDERS_PER_PAGE,
  ownOrderSummary,
  pageOfAllOrders,
  shippingDefaultsFor,
} from "./lists.server";
export type { RecordReturnResult, ReturnableLine } from "./returns.server";
export { recordReturn, returnableLines } from "./returns.server";
export type { ShipmentDetails, ShipResult } from "./shipments.server";
export { shipReadyUnits } from "./shipments.server";
