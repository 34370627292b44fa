// Price lists (issue 50): an agreement's prices for the customers and companies it is assigned to.
// Its entry points, each from the file that holds it:
//   reading.server.ts       the lists, and one list with its rules and assignments
//   writes.server.ts        making a list, its rules and assignments, a copy for next year
//   buyer-lists.server.ts   the lists that price for a buyer on a day (models/pricing.server.ts
//                           prices every bill, page and document with them, and previews a price
//                           for staff)

export type { PricedFor, PricedPart } from "./buyer-lists.server";
export { contractListsFor } from "./buyer-lists.server";
export type { PriceListDetail } from "./reading.server";
export { getPriceList, listPriceLists } from "./reading.server";
export type { AddRuleResult, Assignee, AssignResult, NewPriceList, NewRule } from "./writes.server";
export {
  addPriceListRule,
  assignPriceList,
  createPriceList,
  duplicatePriceList,
  removePriceListAssignment,
  removePriceListRule,
} from "./writes.server";
