import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";

import * as initial from "./migrations/0001_initial";
import * as messages from "./migrations/0002_messages";
import * as apiKeys from "./migrations/0003_api_keys";
import * as rateLimits from "./migrations/0004_rate_limits";
import * as performanceIndexes from "./migrations/0005_performance_indexes";
import * as sessions from "./migrations/0006_sessions";
import * as itemVersions from "./migrations/0007_item_versions";
import * as catalog from "./migrations/0008_catalog";
import * as search from "./migrations/0009_search";
import * as categoryCounts from "./migrations/0010_category_counts";
import * as specCounts from "./migrations/0011_spec_counts";
import * as cartAndOrderLines from "./migrations/0012_cart_and_order_lines";
import * as outbox from "./migrations/0013_outbox";
import * as emailTokens from "./migrations/0014_email_tokens";
import * as searchFacetIndex from "./migrations/0015_search_facet_index";
import * as specPairCounts from "./migrations/0016_spec_pair_counts";
import * as catalogGeneration from "./migrations/0017_catalog_generation";
import * as publicVersion from "./migrations/0018_public_version";
import * as heldMail from "./migrations/0019_held_mail";
import * as searchDocuments from "./migrations/0020_search_documents";
import * as nameSearch from "./migrations/0021_name_search";
import * as reorderPoint from "./migrations/0022_reorder_point";
import * as hiddenParts from "./migrations/0023_hidden_parts";
import * as specTemplates from "./migrations/0024_spec_templates";
import * as media from "./migrations/0025_media";
import * as catalogImports from "./migrations/0026_catalog_imports";
import * as backordersAndShipments from "./migrations/0027_backorders_and_shipments";
import * as guestCarts from "./migrations/0028_guest_carts";
import * as quotes from "./migrations/0029_quotes";
import * as partsLists from "./migrations/0030_parts_lists";
import * as cancelledOrderLines from "./migrations/0031_cancelled_order_lines";
import * as stockLedgerOpeningBalances from "./migrations/0032_stock_ledger_opening_balances";
import * as shipmentCarriers from "./migrations/0033_shipment_carriers";
import * as invoices from "./migrations/0034_invoices";
import * as returns from "./migrations/0035_returns";
import * as companies from "./migrations/0036_companies";
import * as addresses from "./migrations/0037_addresses";
import * as companyBooks from "./migrations/0038_company_books";
import * as accountRecovery from "./migrations/0039_account_recovery";
import * as sharedLists from "./migrations/0040_shared_lists";
import * as idempotentRequests from "./migrations/0041_idempotent_requests";
import * as structuredOrderAddresses from "./migrations/0042_structured_order_addresses";
import * as priceLists from "./migrations/0043_price_lists";
import * as priceListImports from "./migrations/0044_price_list_imports";
import * as companyEInvoicing from "./migrations/0045_company_e_invoicing";
import * as invoicesByTaxPoint from "./migrations/0046_invoices_by_tax_point";
import * as punchout from "./migrations/0047_punchout";
import * as accountErasure from "./migrations/0048_account_erasure";

// A static list rather than a folder scan, so migrations ship inside the server build.
const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_messages": messages,
  "0003_api_keys": apiKeys,
  "0004_rate_limits": rateLimits,
  "0005_performance_indexes": performanceIndexes,
  "0006_sessions": sessions,
  "0007_item_versions": itemVersions,
  "0008_catalog": catalog,
  "0009_search": search,
  "0010_category_counts": categoryCounts,
  "0011_spec_counts": specCounts,
  "0012_cart_and_order_lines": cartAndOrderLines,
  "0013_outbox": outbox,
  "0014_email_tokens": emailTokens,
  "0015_search_facet_index": searchFacetIndex,
  "0016_spec_pair_counts": specPairCounts,
  "0017_catalog_generation": catalogGeneration,
  "0018_public_version": publicVersion,
  "0019_held_mail": heldMail,
  "0020_search_documents": searchDocuments,
  "0021_name_search": nameSearch,
  "0022_reorder_point": reorderPoint,
  "0023_hidden_parts": hiddenParts,
  "0024_spec_templates": specTemplates,
  "0025_media": media,
  "0026_catalog_imports": catalogImports,
  "0027_backorders_and_shipments": backordersAndShipments,
  "0028_guest_carts": guestCarts,
  "0029_quotes": quotes,
  "0030_parts_lists": partsLists,
  "0031_cancelled_order_lines": cancelledOrderLines,
  "0032_stock_ledger_opening_balances": stockLedgerOpeningBalances,
  "0033_shipment_carriers": shipmentCarriers,
  "0034_invoices": invoices,
  "0035_returns": returns,
  "0036_companies": companies,
  "0037_addresses": addresses,
  "0038_company_books": companyBooks,
  "0039_account_recovery": accountRecovery,
  "0040_shared_lists": sharedLists,
  "0041_idempotent_requests": idempotentRequests,
  "0042_structured_order_addresses": structuredOrderAddresses,
  "0043_price_lists": priceLists,
  "0044_price_list_imports": priceListImports,
  "0045_company_e_invoicing": companyEInvoicing,
  "0046_invoices_by_tax_point": invoicesByTaxPoint,
  "0047_punchout": punchout,
  "0048_account_erasure": accountErasure,
};

/** Every migration the code knows: a database at this version has them all. */
export const MIGRATION_NAMES = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>) {
  // Unordered: migrations written in parallel may land in a different order than their numbers.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}

/** Migrates up to and including `name` (the migration tests start an old schema this way). */
export async function migrateUpTo(db: Kysely<any>, name: keyof typeof migrations & string) {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Migrating to ${name} failed: ${String(error)}`, { cause: error });
}
