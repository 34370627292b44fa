// Catalog imports (/dashboard/import): the stored files and their queue (jobs, and the runner's side
// of it: runner-jobs), checking and applying them (run, writing through bulk-write and its phases),
// and what each found (summary).
export {
  type CatalogImport,
  createCatalogImport,
  discardCatalogImport,
  getCatalogImport,
  importsAhead,
  INTERRUPTED_APPLY,
  listCatalogImports,
  requestApply,
  requestRecheck,
} from "./jobs.server";
export { applyCatalogImport, checkCatalogImport, type ImportProgress } from "./run.server";
export { type ClaimedImport, claimNextImport, releaseAfterError } from "./runner-jobs.server";
export { type ImportSummary, readSummary } from "./summary";
