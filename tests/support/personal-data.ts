import { randomUUID } from "node:crypto";

import { sql } from "kysely";

import { db, isPostgres } from "~/db/db.server";
import { containsPattern } from "~/lib/like-pattern";
import { saveAddress } from "~/models/address.server";
import { createApiKey } from "~/models/api-key.server";
import { addLinesToCart } from "~/models/cart";
import { addMember, createInvitation } from "~/models/company";
import { setCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { createMessage } from "~/models/message.server";
import { saveCartAsList } from "~/models/parts-lists";
import { assignPriceList, createPriceList } from "~/models/price-lists";
import { openPunchoutSession } from "~/models/punchout";
import { createQuote } from "~/models/quote";
import { createReview } from "~/models/review.server";
import { updateProfile } from "~/models/user.server";
import { placeOrder } from "~/services/checkout.server";
import { inviteToCompany } from "~/services/companies.server";
import { changeOrderStatus, shipReadyParts } from "~/services/order-status.server";

import { newItem } from "./builders";
import { newCompany } from "./companies";
import { TEST_SHIPMENT } from "./orders";
import { newConnection } from "./punchout";
import { uniqueEmail, uniqueToken } from "./unique";
import { createSignedInUser } from "./users";

// People with a row in every table that can hold something of theirs: what "Download my data"
// must give them and "Delete my account" must take away (issue 53).

/** A name, an address and a phone number that no other test's rows hold, so a search finds only theirs. */
export function uniquePerson() {
  const token = uniqueToken();
  const digits = String(Number.parseInt(token.replace(/\D/g, "").slice(-6) || "0", 10)).padStart(6, "0");
  return { name: `Quinn Erasmus ${token}`, phone: `+44 7700 9${digits}` };
}

/**
 * A company member (an admin beside the company's own) with everything: profile, address book,
 * a delivered order with its invoice and a cancelled one, a quote, a cart saved as a parts list,
 * their own part number, a review, a contact message, an API key, an invitation sent and one
 * received, and mail to and about them in the outbox.
 */
export async function personWithEverything() {
  const { name, phone } = uniquePerson();
  const { companyId, admin: otherAdmin } = await newCompany();
  const { user, cookie } = await createSignedInUser({ displayName: name });
  const joined = await addMember(companyId, user.email, {
    role: "admin",
    orderLimitCents: null,
    monthlyLimitCents: null,
  });
  if (!joined.ok) throw new Error(joined.reason);
  await updateProfile(user.id, { displayName: name, phone, address: "9 Quarry Street, Leeds LS1 4AB", company: "" });
  const part = await newItem({ name: "Erasure Test Bearing", price_cents: 1_500, quantity: 50 });
  const postal = { name, company: null, line1: "9 Quarry Street", line2: null, town: "Leeds", postcode: "LS1 4AB" };
  await saveAddress(
    { userId: user.id },
    undefined,
    { ...postal, country: "GB", phone },
    {
      defaultBilling: true,
      defaultDelivery: true,
    },
  );

  const shipping = { address: `${name}, 9 Quarry Street, Leeds LS1 4AB, United Kingdom`, phone };
  const delivered = await placeOrder({
    userId: user.id,
    lines: [{ itemId: part.id, quantity: 2 }],
    ...shipping,
    poNumber: "PO-ERASE-1",
    token: randomUUID(),
  });
  if (!delivered.ok) throw new Error(delivered.reason);
  const shipped = await shipReadyParts(delivered.orderId, TEST_SHIPMENT);
  if (!shipped.ok) throw new Error(shipped.reason);
  const done = await changeOrderStatus(delivered.orderId, "delivered");
  if (!done.ok) throw new Error(done.reason);
  const cancelled = await placeOrder({
    userId: user.id,
    lines: [{ itemId: part.id, quantity: 1 }],
    ...shipping,
    token: randomUUID(),
  });
  if (!cancelled.ok) throw new Error(cancelled.reason);
  const cancel = await changeOrderStatus(cancelled.orderId, "cancelled", { ownerId: user.id });
  if (!cancel.ok) throw new Error(cancel.reason);

  const quote = await db
    .transaction()
    .execute((trx) =>
      createQuote(trx, { userId: user.id, note: `Quote for ${name}`, lines: [{ itemId: part.id, quantity: 100 }] }),
    );
  if (!quote.ok) throw new Error("no quote");
  await addLinesToCart(user.id, [{ itemId: part.id, quantity: 3 }]);
  if (!(await saveCartAsList(user.id, `${name}'s kit`)).ok) throw new Error("no list");
  await setCustomerPartNumber(user.id, part.id, "QE-BRG-01");
  await createReview({ userId: user.id, name, rating: 5, review: "Runs quiet at speed", itemId: part.id });
  await createMessage({ name, email: user.email, message: `Call me on ${phone}` });
  const apiKey = await createApiKey({ userId: user.id, name: "Workshop PC" });
  await inviteToCompany(
    { id: companyId, name: "Northern Presswork Ltd" },
    { email: uniqueEmail("colleague"), role: "buyer", orderLimitCents: null, monthlyLimitCents: null },
    { id: user.id, name },
  );
  const priceListId = await createPriceList({
    name: `Agreed prices ${uniqueToken()}`,
    validFrom: null,
    validUntil: null,
    fixedEvenIfHigher: false,
  });
  const assigned = await assignPriceList(priceListId, { email: user.email }, 1);
  if (!assigned.ok) throw new Error(assigned.reason);
  const connection = await newConnection(companyId, { systemName: "Coupa", actingUserId: user.id });
  const { id: connectionId } = await db
    .selectFrom("punchout_connections")
    .select("id")
    .where("identity", "=", connection.identity)
    .executeTakeFirstOrThrow();
  await openPunchoutSession({
    connectionId,
    userId: user.id,
    operation: "create",
    buyerCookie: `cookie-${uniqueToken()}`,
    returnUrl: "https://procurement.example/punchout/return",
  });
  const { companyId: otherCompanyId } = await newCompany();
  await createInvitation(
    otherCompanyId,
    { email: user.email, role: "buyer", orderLimitCents: null, monthlyLimitCents: null },
    null,
  );
  return {
    user,
    cookie,
    name,
    phone,
    part,
    otherAdmin,
    companyId,
    apiKey,
    invoiceNumber: shipped.invoice.number,
    deliveredOrderId: delivered.orderId,
    cancelledOrderId: cancelled.orderId,
  };
}

const NOT_TEXT = /int|real|num|bool|double|float|blob|bytea|timestamp|date/i;

/** Every column of every table that can hold text, as "table.column" (from the database itself). */
async function textColumns() {
  if (isPostgres(db)) {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(
      db,
    );
    return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const columns = [];
  for (const { name } of tables) {
    const { rows } = await sql<{
      name: string;
      type: string;
    }>`select name, type from pragma_table_info(${name})`.execute(db);
    for (const column of rows) if (!NOT_TEXT.test(column.type)) columns.push({ table: name, column: column.name });
  }
  return columns;
}

/**
 * Where in the whole database each text appears: "table.column" for every column holding it
 * anywhere in a row, whatever the case. A search of every table, as a regulator's request asks.
 */
export async function whereTheyAppear(texts: string[]) {
  const found = new Set<string>();
  for (const { table, column } of await textColumns()) {
    for (const text of texts) {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)}
        where lower(cast(${sql.ref(column)} as text)) like ${containsPattern(text)} escape '\\'`.execute(db);
      if (Number(rows[0].n) > 0) found.add(`${table}.${column}`);
    }
  }
  return [...found].sort();
}

const STAFF = "the staff member's own work: the shop's record, not about the person";

/**
 * Every column that points at an account, and what becomes of the rows that point at a person:
 * the export's section that holds them (or why none does), and what erasure does with them
 * ("emptied": none left; or kept, and why). A new such column fails both tests (Download my data,
 * Delete my account) until it is decided here, and in app/models/personal-data.server.ts and
 * app/models/account-erasure.server.ts.
 */
export const ACCOUNT_POINTERS: Record<
  string,
  { exported: string | { not: string }; erased: "emptied" | { kept: string } }
> = {
  "addresses.user_id": { exported: "addresses", erased: "emptied" },
  "api_keys.user_id": { exported: "api_keys", erased: "emptied" },
  "carts.user_id": { exported: "cart", erased: "emptied" },
  "catalog_imports.user_id": { exported: { not: STAFF }, erased: { kept: STAFF } },
  "company_invitations.invited_by": {
    exported: { not: "an invitation they sent for their company: the company's" },
    erased: { kept: "an invitation taken up: the company's history" },
  },
  "company_members.user_id": { exported: "company_memberships", erased: "emptied" },
  "customer_part_numbers.user_id": { exported: "your_part_numbers", erased: "emptied" },
  "email_tokens.user_id": {
    exported: { not: "hashes of one-time links: keys to the account, not data about them" },
    erased: "emptied",
  },
  "invoices.user_id": { exported: "invoices_and_credit_notes", erased: { kept: "the law's six years" } },
  "orders.user_id": {
    exported: "orders",
    erased: { kept: "the orders behind the invoices, and the shop's sales" },
  },
  "outbox.user_id": { exported: "mail_sent_to_you", erased: "emptied" },
  "parts_lists.user_id": { exported: "parts_lists", erased: "emptied" },
  "price_list_assignments.user_id": { exported: "your_price_lists", erased: "emptied" },
  "price_list_imports.user_id": { exported: { not: STAFF }, erased: { kept: STAFF } },
  "punchout_connections.acting_user_id": {
    exported: { not: "their company's setting; their punchouts are exported" },
    erased: "emptied",
  },
  "punchout_sessions.user_id": { exported: "procurement_punchouts", erased: "emptied" },
  "quotes.user_id": { exported: "quotes", erased: "emptied" },
  "reviews.user_id": { exported: "reviews", erased: "emptied" },
  "sessions.user_id": { exported: "sessions", erased: "emptied" },
  "shipments.user_id": { exported: { not: STAFF }, erased: { kept: STAFF } },
  "stock_movements.user_id": { exported: { not: STAFF }, erased: { kept: STAFF } },
};

/** Every "table.column" whose foreign key points at users.id, read from the database itself. */
export async function columnsPointingAtUsers() {
  if (isPostgres(db)) {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select kcu.table_name, kcu.column_name
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
      where kcu.table_schema = current_schema() and ccu.table_name = 'users'`.execute(db);
    return rows.map((row) => `${row.table_name}.${row.column_name}`).sort();
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const columns = [];
  for (const { name } of tables) {
    const { rows } = await sql<{
      table: string;
      from: string;
    }>`select "table", "from" from pragma_foreign_key_list(${name})`.execute(db);
    for (const key of rows) if (key.table === "users") columns.push(`${name}.${key.from}`);
  }
  return columns.sort();
}
