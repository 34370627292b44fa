import type { Insertable, Selectable, Updateable } from "kysely";

import type {
  ApiKeysTable,
  EmailTokensTable,
  MessagesTable,
  OutboxTable,
  SessionsTable,
  UsersTable,
} from "./tables/accounts";
import type { AddressesTable } from "./tables/addresses";
import type {
  CatalogGenerationTable,
  CatalogImportChunksTable,
  CatalogImportRowsTable,
  CatalogImportsTable,
  CategoriesTable,
  ItemCountTable,
  ItemSpecsTable,
  ItemsTable,
  PriceBreaksTable,
  PublicVersionTable,
  ReviewsTable,
  SpecCountsTable,
  SpecPairCountsTable,
  SpecTemplatesTable,
  StockMovementsTable,
} from "./tables/catalog";
import type { CompaniesTable, CompanyInvitationsTable, CompanyMembersTable } from "./tables/companies";
import type { InvoiceLinesTable, InvoicesTable } from "./tables/invoices";
import type { ItemDocumentsTable, ItemPicturesTable, MediaTable, MediaVariantsTable } from "./tables/media";
import type {
  CartLinesTable,
  CartsTable,
  OrderLinesTable,
  OrdersTable,
  OrderStatusChangesTable,
  ShipmentLinesTable,
  ShipmentsTable,
} from "./tables/orders";
import type { CustomerPartNumbersTable, PartsListLinesTable, PartsListsTable } from "./tables/parts-lists";
import type {
  PriceListAssignmentsTable,
  PriceListImportsTable,
  PriceListRuleBreaksTable,
  PriceListRulesTable,
  PriceListsTable,
} from "./tables/price-lists";
import type {
  PunchoutConnectionsTable,
  PunchoutPurchaseOrdersTable,
  PunchoutSessionsTable,
  PunchoutTransferredLinesTable,
} from "./tables/punchout";
import type { DocumentNumbersTable, QuoteLinesTable, QuotesTable } from "./tables/quotes";

// The database's tables, as Kysely types them: one interface per table in app/db/tables/, by area.

export type * from "./tables/accounts";
export type * from "./tables/addresses";
export type * from "./tables/catalog";
export type * from "./tables/common";
export type * from "./tables/companies";
export type * from "./tables/invoices";
export type * from "./tables/media";
export type * from "./tables/orders";
export type * from "./tables/parts-lists";
export type * from "./tables/price-lists";
export type * from "./tables/punchout";
export type * from "./tables/quotes";
export type { OrderStatus, OutboxStatus } from "~/lib/statuses";

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  items: ItemsTable;
  categories: CategoriesTable;
  item_specs: ItemSpecsTable;
  spec_templates: SpecTemplatesTable;
  spec_counts: SpecCountsTable;
  spec_pair_counts: SpecPairCountsTable;
  stock_movements: StockMovementsTable;
  reviews: ReviewsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_status_changes: OrderStatusChangesTable;
  carts: CartsTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  cart_lines: CartLinesTable;
  price_breaks: PriceBreaksTable;
  outbox: OutboxTable;
  email_tokens: EmailTokensTable;
  messages: MessagesTable;
  item_count: ItemCountTable;
  catalog_generation: CatalogGenerationTable;
  public_version: PublicVersionTable;
  api_keys: ApiKeysTable;
  catalog_imports: CatalogImportsTable;
  catalog_import_chunks: CatalogImportChunksTable;
  catalog_import_rows: CatalogImportRowsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  item_pictures: ItemPicturesTable;
  item_documents: ItemDocumentsTable;
  document_numbers: DocumentNumbersTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  parts_lists: PartsListsTable;
  parts_list_lines: PartsListLinesTable;
  customer_part_numbers: CustomerPartNumbersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  addresses: AddressesTable;
  price_lists: PriceListsTable;
  price_list_rules: PriceListRulesTable;
  price_list_rule_breaks: PriceListRuleBreaksTable;
  price_list_assignments: PriceListAssignmentsTable;
  price_list_imports: PriceListImportsTable;
  punchout_connections: PunchoutConnectionsTable;
  punchout_sessions: PunchoutSessionsTable;
  punchout_transferred_lines: PunchoutTransferredLinesTable;
  punchout_purchase_orders: PunchoutPurchaseOrdersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Item = Selectable<ItemsTable>;
export type NewItem = Insertable<ItemsTable>;
export type Category = Selectable<CategoriesTable>;
export type ItemSpec = Selectable<ItemSpecsTable>;
export type Review = Selectable<ReviewsTable>;
export type Order = Selectable<OrdersTable>;
export type OrderLine = Selectable<OrderLinesTable>;
export type PriceBreak = Selectable<PriceBreaksTable>;
export type Session = Selectable<SessionsTable>;
