import type { ExpressionBuilder } from "kysely";

import { db, type DbOptions, inTransaction, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { addressOnOneLine, type PostalAddress } from "~/lib/addresses";

// The address books (issue 27): an account's postal addresses, and its company's (kept by the
// company's admins, offered to every member), each book with one default billing and one default
// delivery address; and what checkout reads of them.

export type AddressFields = PostalAddress & { phone: string | null };
export type AddressDefaults = { defaultBilling: boolean; defaultDelivery: boolean };

/** Whose book: an account's own, or its company's. */
export type AddressBook = { userId: number } | { companyId: number };

/** The rows of one book. */
function inBook(book: AddressBook) {
  return (eb: ExpressionBuilder<Database, "addresses">) =>
    "userId" in book ? eb("addresses.user_id", "=", book.userId) : eb("addresses.company_id", "=", book.companyId);
}

/** The owner columns of a new row of the book. */
function ownerOf(book: AddressBook) {
  return "userId" in book ? { user_id: book.userId, company_id: null } : { user_id: null, company_id: book.companyId };
}

/** The most addresses a book keeps: a book, not a mailing list. */
export const MAX_ADDRESSES = 50;

const columns = [
  "id",
  "name",
  "company",
  "line1",
  "line2",
  "town",
  "postcode",
  "country",
  "phone",
  "default_billing",
  "default_delivery",
] as const;

/** A book's addresses, defaults first, then the newest. */
export function listAddresses(book: AddressBook, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("addresses")
    .select(columns)
    .where(inBook(book))
    .orderBy("default_delivery", "desc")
    .orderBy("default_billing", "desc")
    .orderBy("id", "desc")
    .limit(MAX_ADDRESSES)
    .execute();
}

export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

export type SaveAddressResult = { ok: true; addressId: number } | { ok: false; reason: "not-found" | "too-many" };

/**
 * Adds an address to the book (no `addressId`) or changes one of its own, and makes it the book's
 * default billing or delivery address when asked, in one transaction: a book keeps one default of
 * each.
 */
export function saveAddress(
  book: AddressBook,
  addressId: number | undefined,
  fields: AddressFields,
  defaults: AddressDefaults,
  { executor = db }: DbOptions = {},
): Promise<SaveAddressResult> {
  return inTransaction(executor, async (trx): Promise<SaveAddressResult> => {
    const existing = await trx.selectFrom("addresses").select("id").where(inBook(book)).execute();
    const values = {
      name: fields.name,
      company: fields.company,
      line1: fields.line1,
      line2: fields.line2,
      town: fields.town,
      postcode: fields.postcode,
      country: fields.country,
      phone: fields.phone,
    };
    let id: number;
    if (addressId === undefined) {
      if (existing.length >= MAX_ADDRESSES) return { ok: false, reason: "too-many" };
      // The first address is the default of both until another is chosen.
      const first = existing.length === 0;
      const created = await trx
        .insertInto("addresses")
        .values({
          ...values,
          ...ownerOf(book),
          created_at: now(),
          default_billing: first ? 1 : 0,
          default_delivery: first ? 1 : 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = created.id;
    } else {
      if (!existing.some((address) => address.id === addressId)) return { ok: false, reason: "not-found" };
      await trx.updateTable("addresses").set(values).where("id", "=", addressId).execute();
      id = addressId;
    }
    if (defaults.defaultBilling) await makeDefault(trx, book, id, "default_billing");
    if (defaults.defaultDelivery) await makeDefault(trx, book, id, "default_delivery");
    return { ok: true, addressId: id };
  });
}

async function makeDefault(
  executor: NonNullable<DbOptions["executor"]>,
  book: AddressBook,
  addressId: number,
  column: "default_billing" | "default_delivery",
) {
  await executor
    .updateTable("addresses")
    .set({ [column]: 0 })
    .where(inBook(book))
    .where(column, "=", 1)
    .execute();
  await executor
    .updateTable("addresses")
    .set({ [column]: 1 })
    .where(inBook(book))
    .where("id", "=", addressId)
    .execute();
}

/** One of the book's addresses made its default billing or delivery address. */
export async function setDefaultAddress(book: AddressBook, addressId: number, kind: "billing" | "delivery") {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("addresses")
      .select("id")
      .where(inBook(book))
      .where("id", "=", addressId)
      .executeTakeFirst();
    if (!own) return false;
    await makeDefault(trx, book, addressId, kind === "billing" ? "default_billing" : "default_delivery");
    return true;
  });
}

/** Removes one of the book's addresses (orders keep the address they were sent to). */
export async function deleteAddress(book: AddressBook, addressId: number) {
  const deleted = await db
    .deleteFrom("addresses")
    .where(inBook(book))
    .where("id", "=", addressId)
    .returning("id")
    .executeTakeFirst();
  return deleted !== undefined;
}

/**
 * The addresses a buyer may send an order to or bill: their own book and their company's, the
 * company found through their membership in the same query.
 */
function readableBy(userId: number) {
  return (eb: ExpressionBuilder<Database, "addresses">) =>
    eb.or([
      eb("addresses.user_id", "=", userId),
      eb(
        "addresses.company_id",
        "in",
        eb
          .selectFrom("company_members")
          .select("company_members.company_id")
          .where("company_members.user_id", "=", userId),
      ),
    ]);
}

/**
 * The addresses checkout offers, each on one line: the buyer's own, then their company's. The
 * defaults are the buyer's own, or else the company's.
 */
export async function checkoutAddressesOf(userId: number) {
  const addresses = await db
    .selectFrom("addresses")
    .select([...columns, "user_id"])
    .where(readableBy(userId))
    .orderBy("default_delivery", "desc")
    .orderBy("default_billing", "desc")
    .orderBy("id", "desc")
    .limit(2 * MAX_ADDRESSES)
    .execute();
  const own = addresses.filter((address) => address.user_id !== null);
  const company = addresses.filter((address) => address.user_id === null);
  const defaultOf = (column: "default_billing" | "default_delivery") =>
    own.find((address) => address[column] === 1) ?? company.find((address) => address[column] === 1);
  const delivery = defaultOf("default_delivery");
  return {
    options: [
      ...own.map((address) => ({ id: address.id, text: addressOnOneLine(address), shared: false })),
      ...company.map((address) => ({ id: address.id, text: addressOnOneLine(address), shared: true })),
    ],
    defaultDeliveryId: delivery?.id ?? null,
    defaultDeliveryPhone: delivery?.phone ?? null,
    defaultBillingId: defaultOf("default_billing")?.id ?? null,
  };
}

/** An address of the buyer's or their company's book on one line, as an order keeps it; undefined otherwise. */
export async function addressTextOf(userId: number, addressId: number) {
  const address = await db
    .selectFrom("addresses")
    .select(columns)
    .where(readableBy(userId))
    .where("id", "=", addressId)
    .executeTakeFirst();
  return address
    ? {
        text: addressOnOneLine(address),
        phone: address.phone,
        parts: {
          name: address.name,
          company: address.company,
          line1: address.line1,
          line2: address.line2,
          town: address.town,
          postcode: address.postcode,
          country: address.country,
        } as PostalAddress,
      }
    : undefined;
}

/**
 * What a buyer typed at checkout, kept in their own book in the order's transaction, so the next
 * order offers it: the first becomes the default delivery address of an empty book, a second typed
 * one (whom it bills) its default billing address. An address the book already holds, or a full
 * book, adds nothing: the order never fails for its book.
 */
export async function keepTypedAddresses(
  executor: NonNullable<DbOptions["executor"]>,
  userId: number,
  { delivery, billing, phone }: { delivery: PostalAddress | null; billing: PostalAddress | null; phone: string },
) {
  const book = { userId };
  const held = new Set((await listAddresses(book, { executor })).map((address) => addressOnOneLine(address)));
  const keep = async (address: PostalAddress | null, defaults: AddressDefaults) => {
    if (!address || held.has(addressOnOneLine(address))) return;
    held.add(addressOnOneLine(address));
    await saveAddress(book, undefined, { ...address, phone }, defaults, { executor });
  };
  const wasEmpty = held.size === 0;
  await keep(delivery, { defaultBilling: false, defaultDelivery: false });
  await keep(billing, { defaultBilling: wasEmpty, defaultDelivery: false });
}
