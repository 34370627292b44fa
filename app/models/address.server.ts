import { db, type DbOptions, now } from "~/db/db.server";
import { addressOnOneLine, type PostalAddress } from "~/lib/addresses";

// The address book (issue 27): an account's postal addresses, with one default billing and one
// default delivery address, and what checkout reads of them.

export type AddressFields = PostalAddress & { phone: string | null };
export type AddressDefaults = { defaultBilling: boolean; defaultDelivery: boolean };

/** The most addresses an account keeps: a book, not a mailing list. */
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

/** An account's addresses, defaults first, then the newest. */
export function listAddresses(userId: number, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("addresses")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("default_delivery", "desc")
    .orderBy("default_billing", "desc")
    .orderBy("id", "desc")
    .limit(MAX_ADDRESSES)
    .execute();
}

export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

export type SaveAddressResult = { ok: true; addressId: number } | { ok: false; reason: "not-found" | "too-many" };

/**
 * Adds an address to the account's book (no `addressId`) or changes one of its own, and makes it
 * the default billing or delivery address when asked, in one transaction: the account keeps one
 * default of each.
 */
export function saveAddress(
  userId: number,
  addressId: number | undefined,
  fields: AddressFields,
  defaults: AddressDefaults,
): Promise<SaveAddressResult> {
  return db.transaction().execute(async (trx): Promise<SaveAddressResult> => {
    const existing = await trx
      .selectFrom("addresses")
      .select(["id", "default_billing", "default_delivery"])
      .where("user_id", "=", userId)
      .execute();
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
          user_id: userId,
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
    if (defaults.defaultBilling) await makeDefault(trx, userId, id, "default_billing");
    if (defaults.defaultDelivery) await makeDefault(trx, userId, id, "default_delivery");
    return { ok: true, addressId: id };
  });
}

async function makeDefault(
  executor: NonNullable<DbOptions["executor"]>,
  userId: number,
  addressId: number,
  column: "default_billing" | "default_delivery",
) {
  await executor
    .updateTable("addresses")
    .set({ [column]: 0 })
    .where("user_id", "=", userId)
    .where(column, "=", 1)
    .execute();
  await executor
    .updateTable("addresses")
    .set({ [column]: 1 })
    .where("user_id", "=", userId)
    .where("id", "=", addressId)
    .execute();
}

/** One of the account's addresses made its default billing or delivery address. */
export async function setDefaultAddress(userId: number, addressId: number, kind: "billing" | "delivery") {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", userId)
      .where("id", "=", addressId)
      .executeTakeFirst();
    if (!own) return false;
    await makeDefault(trx, userId, addressId, kind === "billing" ? "default_billing" : "default_delivery");
    return true;
  });
}

/** Removes one of the account's addresses (orders keep the address they were sent to). */
export async function deleteAddress(userId: number, addressId: number) {
  const deleted = await db
    .deleteFrom("addresses")
    .where("user_id", "=", userId)
    .where("id", "=", addressId)
    .returning("id")
    .executeTakeFirst();
  return deleted !== undefined;
}

/** The account's addresses for checkout: each on one line, with which are its defaults. */
export async function checkoutAddressesOf(userId: number) {
  const addresses = await listAddresses(userId);
  return {
    options: addresses.map((address) => ({ id: address.id, text: addressOnOneLine(address) })),
    defaultDeliveryId: addresses.find((address) => address.default_delivery === 1)?.id ?? null,
    defaultBillingId: addresses.find((address) => address.default_billing === 1)?.id ?? null,
  };
}

/** One of the account's addresses on one line, as an order keeps it; undefined when it is not theirs. */
export async function addressTextOf(userId: number, addressId: number) {
  const address = await db
    .selectFrom("addresses")
    .select(columns)
    .where("user_id", "=", userId)
    .where("id", "=", addressId)
    .executeTakeFirst();
  return address ? { text: addressOnOneLine(address), phone: address.phone } : undefined;
}
