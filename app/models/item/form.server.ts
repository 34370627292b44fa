import { toCents } from "~/lib/money";
import { type PriceBreakLine, priceBreakLinesText, specLinesText } from "~/validation/product";

import type { ItemChanges, ItemDetail, ItemInput, SpecInput } from "./reading.server";

// Between the product forms (and the API's item bodies) and the items table: the form's names and
// currency units on one side, the table's columns and minor units on the other.

type ProductFormValues = {
  name: string;
  img: string;
  description: string;
  price: number;
  quantity: number;
  supplierName: string;
};

/** Maps the add-product form's values (price in currency units) onto the items table. */
export function itemInputFromForm(form: ProductFormValues): ItemInput {
  return { ...itemChangesFromForm(form), quantity: form.quantity } as ItemInput;
}

/**
 * The same mapping for an edit: the edit form, or the fields sent to PUT /api/item/:id (fields
 * left out are left alone). Stock is not among them: see updateItem.
 */
export function itemChangesFromForm(form: Partial<Omit<ProductFormValues, "quantity">>): ItemChanges {
  // Built field by field rather than with undefined ones deleted after: a catalog import maps
  // 100,000 rows through here, and objects with deleted keys are slow to read and copy.
  const changes: ItemChanges = {};
  if (form.name !== undefined) changes.name = form.name;
  if (form.img !== undefined) changes.img = form.img;
  if (form.description !== undefined) changes.description = form.description;
  if (form.price !== undefined) changes.price_cents = toCents(form.price);
  if (form.supplierName !== undefined) changes.supplier_name = form.supplierName;
  return changes;
}

/**
 * The catalog fields of the dashboard's product form. A category left at "None" clears it; a part
 * number or lead time left blank keeps the current one (a new part gets a made-up number and 14 days);
 * a reorder point left blank is 0 (low once sold out); a box left unticked shows the part, and
 * lets it take backorders.
 */
export function catalogFieldsFromForm(form: {
  partNumber?: string;
  category?: number;
  leadTimeDays?: number;
  minOrderQuantity?: number;
  reorderPoint?: number;
  hidden?: boolean;
  stockOnly?: boolean;
}): ItemChanges {
  return {
    ...(form.partNumber ? { part_number: form.partNumber } : {}),
    category_id: form.category ?? null,
    min_order_quantity: form.minOrderQuantity ?? 1,
    ...(form.leadTimeDays === undefined ? {} : { lead_time_days: form.leadTimeDays }),
    reorder_point: form.reorderPoint ?? 0,
    hidden: form.hidden ? 1 : 0,
    allow_backorder: form.stockOnly ? 0 : 1,
  };
}

/** The edit form's values for an existing item, its specification and its price breaks (not its stock). */
export function formValuesFromItem(item: ItemDetail, specs: SpecInput[], priceBreaks: PriceBreakLine[]) {
  return {
    partNumber: item.part_number,
    category: item.category_id ?? undefined,
    leadTimeDays: item.lead_time_days,
    minOrderQuantity: item.min_order_quantity,
    reorderPoint: item.reorder_point,
    hidden: item.hidden === 1,
    stockOnly: item.allow_backorder === 0,
    priceBreaks: priceBreakLinesText(priceBreaks),
    specs: specLinesText(specs),
    version: item.version,
    name: item.name,
    img: item.img,
    description: item.description,
    price: (item.price_cents / 100).toFixed(2),
    supplierName: item.supplier_name,
  };
}
