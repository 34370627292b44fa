import { db, type DbOptions, isUniqueViolation } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";

// The buyer's own number for one of our parts (docs/decisions/0032-parts-lists.md): one per buyer
// and part, shown beside ours wherever the part is (list, cart, checkout) and accepted by quick order.

/** The buyer's numbers for these parts, by item id. */
export async function customerPartNumbersOf(
  userId: number,
  itemIds: readonly number[],
  { executor = db }: DbOptions = {},
): Promise<Map<number, string>> {
  if (!itemIds.length) return new Map();
  const rows = await executor
    .selectFrom("customer_part_numbers")
    .select(["item_id", "customer_part_number"])
    .where("user_id", "=", userId)
    .where("item_id", "in", [...new Set(itemIds)])
    .execute();
  return new Map(rows.map((row) => [row.item_id, row.customer_part_number]));
}

/** Several buyers' numbers for parts of theirs (a stock arrival's mail to many buyers): by buyer, then item id. */
export async function customerPartNumbersOfMany(
  wanted: readonly { userId: number; itemId: number }[],
  { executor = db }: DbOptions = {},
): Promise<Map<number, Map<number, string>>> {
  const byUser = new Map<number, Map<number, string>>();
  if (!wanted.length) return byUser;
  const rows = await executor
    .selectFrom("customer_part_numbers")
    .select(["user_id", "item_id", "customer_part_number"])
    .where("user_id", "in", [...new Set(wanted.map((pair) => pair.userId))])
    .where("item_id", "in", [...new Set(wanted.map((pair) => pair.itemId))])
    .execute();
  for (const row of rows) {
    const numbers = byUser.get(row.user_id) ?? new Map<number, string>();
    numbers.set(row.item_id, row.customer_part_number);
    byUser.set(row.user_id, numbers);
  }
  return byUser;
}

/**
 * The buyer's numbers for an order's parts, keyed by item id as text (a page's data is JSON): the
 * order page shows them under ours. Lines whose part was deleted have none.
 */
export async function customerPartNumbersForLines(
  userId: number,
  lines: readonly { item_id: number | null }[],
): Promise<Record<string, string>> {
  const itemIds = lines.flatMap((line) => (line.item_id === null ? [] : [line.item_id]));
  return Object.fromEntries(await customerPartNumbersOf(userId, itemIds));
}

/**
 * The parts the buyer's own numbers name, by search key (as itemsByPartNumber does for ours): quick
 * order looks these up before our numbers.
 */
export async function itemsByCustomerPartNumber(userId: number, partNumbers: readonly string[]) {
  const keys = [...new Set(partNumbers.map(partNumberKey))].filter(Boolean);
  const items = keys.length
    ? await db
        .selectFrom("customer_part_numbers")
        .innerJoin("items", "items.id", "customer_part_numbers.item_id")
        .select([
          "items.id",
          "items.part_number",
          "items.min_order_quantity",
          "customer_part_numbers.customer_part_number_key as key",
        ])
        .where("customer_part_numbers.user_id", "=", userId)
        .where("customer_part_numbers.customer_part_number_key", "in", keys)
        .where("items.hidden", "=", 0)
        .execute()
    : [];
  return new Map(items.map(({ key, ...item }) => [key, item]));
}

export type SetCustomerPartNumber =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "taken"; partNumber: string };

/**
 * Gives the buyer's own number to a part, or removes it (null or blank). A number the buyer already
 * gave another part is refused: quick order must find one part for it.
 */
export async function setCustomerPartNumber(
  userId: number,
  itemId: number,
  text: string | null,
  { executor = db }: DbOptions = {},
): Promise<SetCustomerPartNumber> {
  const number = text?.trim() ?? "";
  if (!number) {
    await executor
      .deleteFrom("customer_part_numbers")
      .where("user_id", "=", userId)
      .where("item_id", "=", itemId)
      .execute();
    return { ok: true };
  }
  const key = partNumberKey(number);
  if (!key) return { ok: false, reason: "not-found" };
  const [item, holder] = await Promise.all([
    executor.selectFrom("items").select("id").where("id", "=", itemId).executeTakeFirst(),
    executor
      .selectFrom("customer_part_numbers")
      .innerJoin("items", "items.id", "customer_part_numbers.item_id")
      .select(["items.id", "items.part_number"])
      .where("customer_part_numbers.user_id", "=", userId)
      .where("customer_part_numbers.customer_part_number_key", "=", key)
      .executeTakeFirst(),
  ]);
  if (!item) return { ok: false, reason: "not-found" };
  if (holder && holder.id !== itemId) return { ok: false, reason: "taken", partNumber: holder.part_number };
  try {
    await executor
      .insertInto("customer_part_numbers")
      .values({ user_id: userId, item_id: itemId, customer_part_number: number, customer_part_number_key: key })
      .onConflict((oc) =>
        oc.columns(["user_id", "item_id"]).doUpdateSet({ customer_part_number: number, customer_part_number_key: key }),
      )
      .execute();
  } catch (error) {
    // Another tab gave the same number to another part at this moment.
    if (isUniqueViolation(error) && !executor.isTransaction) {
      return { ok: false, reason: "taken", partNumber: holder?.part_number ?? "another part" };
    }
    throw error;
  }
  return { ok: true };
}
