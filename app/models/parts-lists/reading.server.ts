// Reading parts lists: a buyer's own and those their company's members share, and one list with its
// lines priced now. Another buyer's list is answered exactly as one that does not exist.
import type { ExpressionBuilder } from "kysely";

import { db, type DbOptions } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { customerPartNumbersOf } from "~/models/customer-part-numbers.server";
import { MAX_CART_LINES } from "~/validation/cart";
import { MAX_PARTS_LISTS } from "~/validation/parts-lists";

/** The most lines a list holds: what a cart holds. */
export const MAX_LIST_LINES = MAX_CART_LINES;

/** A list's name as compared: two names differing only in case or outer spaces are the same list. */
export function listNameKey(name: string) {
  return name.trim().toLowerCase();
}

export type ListSummary = { id: number; name: string; lineCount: number; updatedAt: string; keptBy: string };

/** Who reads lists: the buyer, and with `companyId` their colleagues' lists too. */
export type ListReader = { userId: number; companyId: number | null };

/** The most of colleagues' lists shown at once: a page, not the whole company's history. */
export const MAX_SHARED_LISTS = 200;

/**
 * The buyer's own lists, and with `companyId` the lists made for (or shared with) their company: a
 * colleague's private list, saved before they joined or kept to themselves, stays theirs.
 */
function readableLists({ userId, companyId }: ListReader) {
  return (eb: ExpressionBuilder<Database, "parts_lists">) =>
    companyId
      ? eb.or([eb("parts_lists.user_id", "=", userId), eb("parts_lists.company_id", "=", companyId)])
      : eb("parts_lists.user_id", "=", userId);
}

/**
 * The buyer's lists by name, with how many parts each holds (`mine`); with `companyId`, their
 * colleagues' lists as `shared`, by name, with who keeps each.
 */
export async function listsOf(
  reader: ListReader,
  { executor = db }: DbOptions = {},
): Promise<{ mine: ListSummary[]; shared: ListSummary[] }> {
  const summaries = (own: boolean) => {
    let query = executor
      .selectFrom("parts_lists")
      .innerJoin("users", "users.id", "parts_lists.user_id")
      .leftJoin("parts_list_lines", "parts_list_lines.list_id", "parts_lists.id")
      .select((eb) => [
        "parts_lists.id",
        "parts_lists.name",
        "parts_lists.name_key",
        "parts_lists.updated_at",
        "users.display_name",
        eb.fn.count<number>("parts_list_lines.item_id").as("lineCount"),
      ])
      .groupBy([
        "parts_lists.id",
        "parts_lists.name",
        "parts_lists.name_key",
        "parts_lists.updated_at",
        "users.display_name",
      ])
      .orderBy("parts_lists.name_key")
      .orderBy("parts_lists.id");
    query = own
      ? query.where("parts_lists.user_id", "=", reader.userId).limit(MAX_PARTS_LISTS)
      : query.where(readableLists(reader)).where("parts_lists.user_id", "!=", reader.userId).limit(MAX_SHARED_LISTS);
    return query.execute();
  };
  const [mine, shared] = await Promise.all([
    summaries(true),
    reader.companyId ? summaries(false) : Promise.resolve([]),
  ]);
  const summaryOf = (row: (typeof mine)[number]) => ({
    id: row.id,
    name: row.name,
    lineCount: Number(row.lineCount),
    updatedAt: row.updated_at,
    keptBy: row.display_name,
  });
  return { mine: mine.map(summaryOf), shared: shared.map(summaryOf) };
}

export type ListLine = {
  itemId: number;
  partNumber: string;
  name: string;
  quantity: number;
  minOrderQuantity: number;
  /** Taken off sale since the list was saved: it stays on the list but does not go into the cart. */
  offSale: boolean;
  customerPartNumber?: string;
};

export type ListDetail = {
  id: number;
  name: string;
  updatedAt: string;
  /** Whether the reader keeps it (and so may change it), and who does. */
  mine: boolean;
  /** Whether the reader's company reads it too (made for it, or shared with it). */
  shared: boolean;
  keptBy: string;
  lines: ListLine[];
};

/**
 * One of the buyer's lists (or with `companyId` a colleague's) with its lines in the order saved,
 * and the reader's own part numbers; undefined for a missing or anyone else's list.
 */
export async function getList(
  listId: number,
  reader: ListReader,
  { executor = db }: DbOptions = {},
): Promise<ListDetail | undefined> {
  const list = await executor
    .selectFrom("parts_lists")
    .innerJoin("users", "users.id", "parts_lists.user_id")
    .select([
      "parts_lists.id",
      "parts_lists.name",
      "parts_lists.updated_at",
      "parts_lists.user_id",
      "parts_lists.company_id",
      "users.display_name",
    ])
    .where("parts_lists.id", "=", listId)
    .where(readableLists(reader))
    .executeTakeFirst();
  if (!list) return undefined;
  const rows = await executor
    .selectFrom("parts_list_lines")
    .innerJoin("items", "items.id", "parts_list_lines.item_id")
    .select([
      "parts_list_lines.item_id",
      "parts_list_lines.quantity",
      "items.part_number",
      "items.name",
      "items.min_order_quantity",
      "items.hidden",
    ])
    .where("parts_list_lines.list_id", "=", listId)
    .orderBy("parts_list_lines.position")
    .orderBy("parts_list_lines.item_id")
    .limit(MAX_LIST_LINES)
    .execute();
  const numbers = await customerPartNumbersOf(
    reader.userId,
    rows.map((row) => row.item_id),
    { executor },
  );
  return {
    id: list.id,
    name: list.name,
    updatedAt: list.updated_at,
    mine: list.user_id === reader.userId,
    shared: list.company_id !== null,
    keptBy: list.display_name,
    lines: rows.map((row) => {
      const customerPartNumber = numbers.get(row.item_id);
      return {
        itemId: row.item_id,
        partNumber: row.part_number,
        name: row.name,
        quantity: row.quantity,
        minOrderQuantity: row.min_order_quantity,
        offSale: row.hidden !== 0,
        ...(customerPartNumber ? { customerPartNumber } : {}),
      };
    }),
  };
}
