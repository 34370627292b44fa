// Changing a list stays with its keeper: sharing it, renaming it, its lines, deleting it.

import { db, type DbOptions, isUniqueViolation, now } from "~/db/db.server";
import { MAX_ORDER_QUANTITY } from "~/validation/order";

import { listNameKey } from "./reading.server";

/** Whether the list is the buyer's: every change checks it first. */
async function ownsList(listId: number, ownerId: number, { executor = db }: DbOptions = {}) {
  const row = await executor
    .selectFrom("parts_lists")
    .select("id")
    .where("id", "=", listId)
    .where("user_id", "=", ownerId)
    .executeTakeFirst();
  return Boolean(row);
}

function touch(listId: number, { executor = db }: DbOptions = {}) {
  return executor.updateTable("parts_lists").set({ updated_at: now() }).where("id", "=", listId).execute();
}

export type ListChange =
  { ok: true } | { ok: false; reason: "not-found" | "duplicate" | "line-not-found" | "no-company" };

/**
 * The keeper shares a list with their company (every member reads it and may put it in their cart),
 * or keeps it to themselves again.
 */
export async function shareList(listId: number, ownerId: number, share: boolean): Promise<ListChange> {
  return db.transaction().execute(async (trx): Promise<ListChange> => {
    if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
    const membership = await trx
      .selectFrom("company_members")
      .select("company_id")
      .where("user_id", "=", ownerId)
      .executeTakeFirst();
    if (share && !membership) return { ok: false, reason: "no-company" };
    await trx
      .updateTable("parts_lists")
      .set({ company_id: share ? membership!.company_id : null, updated_at: now() })
      .where("id", "=", listId)
      .execute();
    return { ok: true };
  });
}

export async function renameList(listId: number, ownerId: number, name: string): Promise<ListChange> {
  const nameKey = listNameKey(name);
  try {
    return await db.transaction().execute(async (trx): Promise<ListChange> => {
      if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
      const same = await trx
        .selectFrom("parts_lists")
        .select("id")
        .where("user_id", "=", ownerId)
        .where("name_key", "=", nameKey)
        .where("id", "!=", listId)
        .executeTakeFirst();
      if (same) return { ok: false, reason: "duplicate" };
      await trx
        .updateTable("parts_lists")
        .set({ name: name.trim(), name_key: nameKey, updated_at: now() })
        .where("id", "=", listId)
        .execute();
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** Sets a line's quantity (1 to MAX_ORDER_QUANTITY). */
export function setListLine(listId: number, ownerId: number, itemId: number, quantity: number): Promise<ListChange> {
  return db.transaction().execute(async (trx): Promise<ListChange> => {
    if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
    const bounded = Math.min(Math.max(Math.trunc(quantity), 1), MAX_ORDER_QUANTITY);
    const result = await trx
      .updateTable("parts_list_lines")
      .set({ quantity: bounded })
      .where("list_id", "=", listId)
      .where("item_id", "=", itemId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { ok: false, reason: "line-not-found" };
    await touch(listId, { executor: trx });
    return { ok: true };
  });
}

export function removeListLine(listId: number, ownerId: number, itemId: number): Promise<ListChange> {
  return db.transaction().execute(async (trx): Promise<ListChange> => {
    if (!(await ownsList(listId, ownerId, { executor: trx }))) return { ok: false, reason: "not-found" };
    await trx.deleteFrom("parts_list_lines").where("list_id", "=", listId).where("item_id", "=", itemId).execute();
    await touch(listId, { executor: trx });
    return { ok: true };
  });
}

/** Deletes the list and its lines; false when it was not the buyer's (or already gone). */
export async function deleteList(listId: number, ownerId: number) {
  const result = await db
    .deleteFrom("parts_lists")
    .where("id", "=", listId)
    .where("user_id", "=", ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
