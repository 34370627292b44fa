// Price lists (issue 50): an agreement's prices for the customers and companies it is assigned to.
// Its entry points, each from the file that holds it:
//   reading.server.ts       the lists, and one list with its rules and assignments
//   writes.server.ts        making a list, its rules and assignments, a copy for next year
//   imports.server.ts       a rules file checked against a list and kept for Apply
//   apply-import.server.ts  a checked file applied in one transaction
//   buyer-lists.server.ts   the lists that price for a buyer on a day (models/pricing.server.ts
//                           prices every bill, page and document with them, and previews a price
//                           for staff)

export type { ApplyImportResult } from "./apply-import.server";
export { applyPriceListImport } from "./apply-import.server";
export type { ContractOrder, PricedFor, PricedPart } from "./buyer-lists.server";
export { buyerUnitPriceSql, contractListsFor, contractOrderFor } from "./buyer-lists.server";
export type { CheckImportResult, ImportSummary, RuleTerms } from "./imports.server";
export { checkPriceListImport, discardPriceListImport, getPendingPriceListImport } from "./imports.server";
export type { PriceListDetail } from "./reading.server";
export { getPriceList, listPriceLists, priceListCsvBatches } from "./reading.server";
export type { AddRuleResult, Assignee, AssignResult, NewPriceList, NewRule } from "./writes.server";
export {
  addPriceListRule,
  assignPriceList,
  createPriceList,
  duplicatePriceList,
  removePriceListAssignment,
  removePriceListRule,
} from "./writes.server";
