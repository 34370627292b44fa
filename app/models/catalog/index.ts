// The catalog: what buyers browse and search, and the reads around it. Its entry points, in the
// order a request meets them, each from the file that holds it:
//   filter.ts                what a buyer narrows by, and its one normalized form
//   browse.server.ts         the catalog page: an answer, kept or worked out, and its cards
//   kept-answers.server.ts   answers kept per catalog generation, and the columns that move it
//   search.server.ts         a search box's text as each database's matching SQL
//   suggest.server.ts        suggestions as a buyer types: parts, categories, searches
//   listing.server.ts        which parts a filter leaves, how many, one page of them in order
//   vocabulary.server.ts     the catalog's own words: "Did you mean" and completions
//   closest-categories.server.ts  where a search that found nothing may go on
//   facets.server.ts         the counts beside every category and spec choice
//   reads.server.ts          categories, the part count, the sitemap's pages, the API's details
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { CatalogFilter, CatalogSort } from "./filter";

// The catalog page, with the counts beside every choice; its answers kept per generation.
export { browseCatalog } from "./browse.server";
export { closestCategories } from "./closest-categories.server";
export type { CategoryFacet, FacetChoice, SpecFacet } from "./facets.server";
export { catalogGeneration } from "./generation.server";
export { KEPT_ANSWERS } from "./kept-answers.server";
export { type CatalogVocabulary, catalogVocabulary } from "./vocabulary.server";

// Suggestions for the header's search box, kept per generation.
export { type Suggestions, suggestSearch } from "./suggest.server";

// The same search and filters without the counts: the admin's product list and the JSON API.
export { CATALOG_PAGE_SIZE, highestItemId, listCatalogSlice, searchCatalog } from "./listing.server";

// Plain reads: categories, the part count, the sitemap's pages, the API's details.
export {
  type CatalogItem,
  countProducts,
  listCategories,
  listProductsForSitemap,
  withCatalogDetails,
} from "./reads.server";
