import { sql } from "kysely";

import { db, isPostgres, now } from "~/db/db.server";
import { holdPartsInIdOrder } from "~/models/part-locks.server";

import { PRICE_RULES_LOCK } from "./buyer-lists.server";
import { chunks, type StoredRule } from "./imports.server";

export type ApplyImportResult = { ok: true; rules: number } | { ok: false; reason: "gone" | "changed" };

/**
 * Replaces a list's rules with a checked file's, in one transaction: a checkout prices wholly by the
 * rules before or wholly by those after (PostgreSQL: the pricing reads share a lock this takes
 * alone; SQLite writes one transaction at a time). Refused when the list's rules changed since the
 * check, or a part in the file left the catalog: check the file again.
 */
export async function applyPriceListImport(listId: number, importId: number): Promise<ApplyImportResult> {
  return db.transaction().execute(async (trx): Promise<ApplyImportResult> => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${PRICE_RULES_LOCK})`.execute(trx);
    const pending = await trx
      .selectFrom("price_list_imports")
      .innerJoin("price_lists", "price_lists.id", "price_list_imports.price_list_id")
      .select(["price_list_imports.rules", "price_list_imports.list_updated_at", "price_lists.updated_at"])
      .where("price_list_imports.id", "=", importId)
      .where("price_list_imports.price_list_id", "=", listId)
      .where("price_list_imports.status", "=", "checked")
      .executeTakeFirst();
    if (!pending) return { ok: false, reason: "gone" };
    if (pending.updated_at !== pending.list_updated_at) return { ok: false, reason: "changed" };
    const rules = JSON.parse(pending.rules) as StoredRule[];
    const itemIds = new Set(rules.flatMap((rule) => (rule.itemId === null ? [] : [rule.itemId])));
    if ((await holdPartsInIdOrder(trx, itemIds)).size !== itemIds.size) return { ok: false, reason: "changed" };

    await trx.deleteFrom("price_list_rules").where("price_list_id", "=", listId).execute();
    for (const chunk of chunks(rules)) {
      const inserted = await trx
        .insertInto("price_list_rules")
        .values(
          chunk.map((rule) => ({
            price_list_id: listId,
            item_id: rule.itemId,
            category_id: rule.categoryId,
            unit_price_cents: rule.unitPriceCents,
            percent_off_bp: rule.percentOffBp,
          })),
        )
        .returning(["id", "item_id"])
        .execute();
      const ruleOfItem = new Map(inserted.map((row) => [row.item_id, row.id]));
      const breaks = chunk.flatMap((rule) =>
        rule.itemId === null
          ? []
          : rule.breaks.map((each) => ({
              rule_id: ruleOfItem.get(rule.itemId)!,
              min_quantity: each.minQuantity,
              price_cents: each.priceCents,
            })),
      );
      for (const part of chunks(breaks)) await trx.insertInto("price_list_rule_breaks").values(part).execute();
    }
    const timestamp = now();
    await trx.updateTable("price_lists").set({ updated_at: timestamp }).where("id", "=", listId).execute();
    await trx
      .updateTable("price_list_imports")
      .set({ status: "applied", applied_at: timestamp })
      .where("id", "=", importId)
      .execute();
    return { ok: true, rules: rules.length };
  });
}
