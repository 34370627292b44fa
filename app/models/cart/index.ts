// Carts: an account's or a visitor's, priced as the buyer will pay. Its entry points, each from the
// file that holds it:
//   carts.server.ts         whose cart, its lines, finding or making it, sweeping expired ones
//   lines.server.ts         changing lines: a quantity, a removal, many added at once
//   merge.server.ts         a visitor's cart added to the account they sign in to
//   quick-order.server.ts   filling a cart by part numbers, and from an earlier order
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { CartOwner } from "./carts.server";
export {
  cartLinesOf,
  getCart,
  GUEST_CART_LIFETIME_MS,
  guestCartHashOf,
  guestCartItemIds,
  listCartItemIds,
  sweepExpiredGuestCarts,
} from "./carts.server";
export type { CartChange } from "./lines.server";
export {
  addLinesToCart,
  addLinesToCartNoting,
  changeCartLine,
  removeCartLine,
  removeOrderedLines,
} from "./lines.server";
export { mergeGuestCart } from "./merge.server";
export type { OrderAgainOutcome, QuickOrderOutcome } from "./quick-order.server";
export { itemsByPartNumber, orderAgain, quickOrder } from "./quick-order.server";
