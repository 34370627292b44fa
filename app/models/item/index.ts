// Parts in the catalog, one at a time (the catalog as buyers browse it is app/models/catalog/). Its
// entry points, each from the file that holds it:
//   reading.server.ts           a card's and an edit's columns, the newest parts, one part
//   writes.server.ts            adding and editing a part, in one transaction with its lists
//   copy-and-delete.server.ts   a part duplicated as a hidden variant; deleting one
//   form.server.ts              a form's or the API's fields as the writes take them, and back
//   field-rules.server.ts       the rules a write checks: part number free, category there, lists
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { DeleteItemResult } from "./copy-and-delete.server";
export { deleteItem, duplicateItem, partOnOpenOrders } from "./copy-and-delete.server";
export { catalogFieldsFromForm, formValuesFromItem, itemChangesFromForm, itemInputFromForm } from "./form.server";
export type { ItemChanges, ItemDetail, ItemInput, ItemListing, SpecInput } from "./reading.server";
export { cardColumns, getItem, getProduct, listNewestItems, listSpecs, specsOfParts } from "./reading.server";
export type { CreateItemResult, UpdateItemResult } from "./writes.server";
export { createItem, insertItem, updateItem, writeItemChanges } from "./writes.server";
