// Saved parts lists (issue 26, docs/decisions/0032-parts-lists.md): a buyer's named set of parts and
// quantities, made from the cart and put back into it in one press. Every function takes the owner:
// another buyer's list is answered exactly as one that does not exist. A company's members read each
// other's lists and put them into their own carts (issue 27); changing a list stays with its keeper.
// Its entry points, each from the file that holds it:
//   reading.server.ts   a buyer's lists and their company's, one list with its lines
//   cart.server.ts      a list saved from the cart, and put back into it
//   changes.server.ts   sharing, renaming, lines, deleting
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { AddListToCart, SaveList } from "./cart.server";
export { addListToCart, saveCartAsList } from "./cart.server";
export type { ListChange } from "./changes.server";
export { deleteList, removeListLine, renameList, setListLine, shareList } from "./changes.server";
export type { ListDetail, ListLine, ListReader, ListSummary } from "./reading.server";
export { getList, listNameKey, listsOf, MAX_LIST_LINES, MAX_SHARED_LISTS } from "./reading.server";
