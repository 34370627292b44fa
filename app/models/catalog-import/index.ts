// Catalog imports (/dashboard/import): the stored files and their queue (jobs), checking and applying
// them (run), and what each found (summary).
export {
  type CatalogImport,
  type ClaimedImport,
  claimNextImport,
  createCatalogImport,
  discardCatalogImport,
  getCatalogImport,
  importsAhead,
  INTERRUPTED_APPLY,
  listCatalogImports,
  releaseAfterError,
  requestApply,
  requestRecheck,
} from "./jobs.server";
export { applyCatalogImport, checkCatalogImport, type ImportProgress } from "./run.server";
export { type ImportSummary, readSummary } from "./summary";
