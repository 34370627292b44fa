// Lists of orders: a buyer's, a company's, staff's search, and where a buyer's next order ships by
// default. Every list that names a buyer keeps to what they may read.
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from "kysely";

import { db, type Executor } from "~/db/db.server";
import type { Database, OrderStatus } from "~/db/schema";
import { containsPattern } from "~/lib/like-pattern";
import { addCalendarDays } from "~/lib/quotes";

import { orderColumns, type OrderReader, readableOrders, readyToShip, waitingUnits } from "./detail.server";

export type OrderSummary = Awaited<ReturnType<typeof listOrdersForUser>>[number];

/** What a list of orders shows of each: the header, how many lines, and the first part's name. */
export function summaries() {
  return db
    .selectFrom("orders")
    .select(orderColumns)
    .select((eb) => [lineCount(eb), firstItemName(eb), readyToShip(eb), waitingUnits(eb)]);
}

function lineCount(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select(eb.fn.countAll<number>().as("n"))
    .whereRef("order_lines.order_id", "=", "orders.id")
    .as("line_count");
}

function firstItemName(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select("order_lines.item_name")
    .whereRef("order_lines.order_id", "=", "orders.id")
    .orderBy("order_lines.position")
    .limit(1)
    .as("first_item_name");
}

/** How many orders each of My Orders' lists shows at a time: the page costs the same at any history. */
export const MY_ORDERS_PER_PAGE = 25;

const ownOrders = (userId: number) => (eb: ExpressionBuilder<Database, "orders">) => eb("orders.user_id", "=", userId);

/** A buyer's own orders, newest first, a page of My Orders at a time. */
export function listOrdersForUser(userId: number, { page = 1 } = {}) {
  return summaries()
    .where(ownOrders(userId))
    .orderBy("orders.id", "desc")
    .limit(MY_ORDERS_PER_PAGE)
    .offset((page - 1) * MY_ORDERS_PER_PAGE)
    .execute();
}

/** One of the buyer's own orders as My Orders lists it (its confirmation to cancel), if it is theirs. */
export function ownOrderSummary(userId: number, orderId: number) {
  return summaries().where(ownOrders(userId)).where("orders.id", "=", orderId).executeTakeFirst();
}

/**
 * Orders newest first, a page at a time (GET /api/order): one customer's, or everyone's for staff;
 * `below` an id (a Link's cursor), after `offset` of them.
 */
export function listOrdersPage({
  ownerId,
  limit,
  offset,
  below,
}: {
  ownerId?: number;
  limit: number;
  offset: number;
  below?: number;
}) {
  let query = summaries().orderBy("orders.id", "desc").limit(limit).offset(offset);
  if (ownerId !== undefined) query = query.where("orders.user_id", "=", ownerId);
  if (below !== undefined) query = query.where("orders.id", "<", below);
  return query.execute();
}

const colleaguesOrders = (companyId: number, exceptUserId: number) => (eb: ExpressionBuilder<Database, "orders">) =>
  eb.and([eb("orders.company_id", "=", companyId), eb("orders.user_id", "!=", exceptUserId)]);

/** The orders colleagues placed for the member's company (not the member's own), newest first, a page at a time. */
export function listCompanyOrders(companyId: number, exceptUserId: number, { page = 1 } = {}) {
  return summaries()
    .innerJoin("users", "users.id", "orders.user_id")
    .select("users.display_name as placed_by")
    .where(colleaguesOrders(companyId, exceptUserId))
    .orderBy("orders.id", "desc")
    .limit(MY_ORDERS_PER_PAGE)
    .offset((page - 1) * MY_ORDERS_PER_PAGE)
    .execute();
}

/**
 * Which page a list shows of `total` rows, `perPage` a page, and how many pages it has. A page past
 * the last shows the last, as a bookmark kept while orders were cancelled away would want.
 */
function pageWithin(total: number, perPage: number, requestedPage: number) {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  return { page: Math.min(requestedPage, pageCount), pageCount };
}

/** A page of a list on My Orders and how many pages it has. */
async function pageOfOrders<Row>(
  scope: (eb: ExpressionBuilder<Database, "orders">) => Expression<SqlBool>,
  requestedPage: number,
  list: (page: number) => Promise<Row[]>,
) {
  const { n } = await db
    .selectFrom("orders")
    .where(scope)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const { page, pageCount } = pageWithin(Number(n), MY_ORDERS_PER_PAGE, requestedPage);
  return { orders: await list(page), page, pageCount };
}

/** My Orders: a page of the buyer's own orders, and one of their company's others (none without a company). */
export async function myOrdersPages(
  user: { id: number; companyId: number | null },
  pages: { page: number; colleaguesPage: number },
) {
  const { companyId } = user;
  const [own, colleagues] = await Promise.all([
    pageOfOrders(ownOrders(user.id), pages.page, (page) => listOrdersForUser(user.id, { page })),
    companyId
      ? pageOfOrders(colleaguesOrders(companyId, user.id), pages.colleaguesPage, (page) =>
          listCompanyOrders(companyId, user.id, { page }),
        )
      : { orders: [], page: 1, pageCount: 1 },
  ]);
  return { own, colleagues };
}

/** How a list of orders is narrowed (app/validation/order.ts, OrderSearchSchema); `ownerId` keeps one buyer's. */
export type OrderFilter = { q?: string; status?: OrderStatus; from?: string; to?: string } & OrderReader;

/**
 * The orders a filter keeps, joined to their customers. `q` is an order number ("1042", "#1042"; a
 * number may be a PO number too), or part of a PO number, a part number on one of its lines, or the
 * customer's email, name or company. `from` and `to` are the first and last day placed, in UTC as
 * pages show dates.
 */
export function filteredOrders(executor: Executor, { q, status, from, to, ownerId, companyId }: OrderFilter) {
  let query = executor.selectFrom("orders").innerJoin("users", "users.id", "orders.user_id");
  if (ownerId !== undefined) query = query.where(readableOrders(ownerId, companyId));
  if (status) query = query.where("orders.status", "=", status);
  if (from) query = query.where("orders.created_at", ">=", `${from}T00:00:00.000Z`);
  if (to) query = query.where("orders.created_at", "<", `${addCalendarDays(to, 1)}T00:00:00.000Z`);
  const term = q?.trim();
  if (!term) return query;
  const orderNumber = /^#?(\d{1,9})$/.exec(term)?.[1];
  if (orderNumber) {
    return query.where((eb) =>
      eb.or([eb("orders.id", "=", Number(orderNumber)), eb("orders.po_number", "=", term.replace(/^#/, ""))]),
    );
  }
  const pattern = containsPattern(term);
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return query.where((eb) =>
    eb.or([
      like("users.email"),
      like("users.display_name"),
      like("users.company"),
      like("orders.po_number"),
      eb.exists(
        eb
          .selectFrom("order_lines")
          .select("order_lines.id")
          .whereRef("order_lines.order_id", "=", "orders.id")
          .where(like("order_lines.part_number")),
      ),
    ]),
  );
}

/**
 * How many orders a page of Manage Orders shows; the CSV export has them all. Each row carries its
 * shipping form, so 500 rows were 2 MB of HTML that held a server's thread for a quarter of a second.
 */
export const ORDERS_PER_PAGE = 50;

/** Manage Orders: a page of the orders the filter keeps, newest first, and how many pages there are. */
export async function pageOfAllOrders(filter: OrderFilter, requestedPage: number) {
  const { n } = await filteredOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const { page, pageCount } = pageWithin(Number(n), ORDERS_PER_PAGE, requestedPage);
  return { orders: await listAllOrders(filter, { page }), page, pageCount };
}

/** Manage Orders' rows (and a buyer's own, with `ownerId`): newest first, narrowed by the filter. */
export function listAllOrders(filter: OrderFilter, { page = 1 } = {}) {
  return filteredOrders(db, filter)
    .select(orderColumns)
    .select((eb) => [
      "users.email as customer_email",
      lineCount(eb),
      firstItemName(eb),
      readyToShip(eb),
      waitingUnits(eb),
    ])
    .orderBy("orders.id", "desc")
    .limit(ORDERS_PER_PAGE)
    .offset((page - 1) * ORDERS_PER_PAGE)
    .execute();
}

/** Where an order ships by default: the profile's address and phone, else the last order's. */
export async function shippingDefaultsFor(user: { id: number; address: string | null; phone: string | null }) {
  if (user.address && user.phone) return { address: user.address, phone: user.phone };
  const last = await db
    .selectFrom("orders")
    .select(["address", "phone"])
    .where("user_id", "=", user.id)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return { address: user.address || last?.address || "", phone: user.phone || last?.phone || "" };
}
