import type { Transaction } from "kysely";

import { isUniqueViolation, Rollback } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { partNumberKey } from "~/lib/part-number";
import { normalizeSpecs } from "~/lib/spec-templates";
import { specTemplatesOf } from "~/models/spec-templates.server";
import type { PriceBreakLine, SpecLine } from "~/validation/product";

// What a part's write must satisfy (a free part number, a category that exists, price breaks below
// the price) and the lists written beside its row, inside createItem's and updateItem's transactions.

type Trx = Transaction<Database>;

/** A product form's value the database refuses: the form shows the message beside `field`. */
export type ProductFieldRefusal = {
  ok: false;
  reason: "field";
  field: "partNumber" | "category" | "priceBreaks" | "specs";
  message: string;
};

function refusedField(field: ProductFieldRefusal["field"], message: string): ProductFieldRefusal {
  return { ok: false, reason: "field", field, message };
}

const partNumberTaken = () => refusedField("partNumber", "Another part already has this part number");

/**
 * Part numbers are unique as a search compares them ("GW-SG-1" and "gw sg 1" are one number), which
 * is stricter than the unique index on the printed form; the index still catches a race.
 */
export async function assertPartNumberFree(trx: Trx, partNumber: string, exceptId?: number) {
  let query = trx.selectFrom("items").select("id").where("part_number_key", "=", partNumberKey(partNumber));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw new Rollback(partNumberTaken());
}

export async function assertCategoryExists(trx: Trx, categoryId: number | null | undefined) {
  if (categoryId == null) return;
  const category = await trx.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!category) throw new Rollback(refusedField("category", "Choose a category from the list"));
}

/** A refusal thrown inside the transaction (rolled back), or a race the unique index caught. */
export function asFieldRefusal(error: unknown): ProductFieldRefusal {
  if (error instanceof Rollback) return error.result as ProductFieldRefusal;
  if (isUniqueViolation(error)) return partNumberTaken();
  throw error;
}

/**
 * A part's specs, all replaced, each read through its category's template (normalizeSpecs): the one
 * way a value and its unit are stored, whoever writes them (the form, a copy, an import).
 */
export async function replaceSpecs(trx: Trx, itemId: number, specs: SpecLine[], categoryId: number | null) {
  const read = normalizeSpecs(specs, await specTemplatesOf(categoryId, { executor: trx }));
  if (!read.ok) throw new Rollback(refusedField("specs", read.error));
  await trx.deleteFrom("item_specs").where("item_id", "=", itemId).execute();
  if (read.specs.length) {
    await trx
      .insertInto("item_specs")
      .values(read.specs.map((spec, position) => ({ ...spec, item_id: itemId, position })))
      .execute();
  }
}

/** A part's quantity price breaks, all replaced; each must be cheaper than the part's own price. */
export async function replacePriceBreaks(trx: Trx, itemId: number, priceCents: number, breaks: PriceBreakLine[]) {
  if (breaks.length && breaks[0].priceCents >= priceCents) {
    throw new Rollback(refusedField("priceBreaks", "Each price break must be below the price per unit"));
  }
  await trx.deleteFrom("price_breaks").where("item_id", "=", itemId).execute();
  if (breaks.length) {
    await trx
      .insertInto("price_breaks")
      .values(breaks.map((line) => ({ item_id: itemId, min_quantity: line.minQuantity, price_cents: line.priceCents })))
      .execute();
  }
}
