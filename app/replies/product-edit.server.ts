import { data } from "@remix-run/node";
import type { z } from "zod";

import { formatPrice } from "~/config/env.server";
import { catalogFieldsFromForm, duplicateItem, itemChangesFromForm, type ItemDetail, updateItem } from "~/models/item";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";
import type { productSchemas, StockAdjustmentSchema } from "~/validation/product";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

// The product edit page's own forms, after formAction has checked who posts and parsed the form:
// save the part, change its stock, copy it as a draft. (Its pictures and documents are
// product-media.server.ts's.)

export const NO_SUCH_PRODUCT = "This product does not exist.";

/** Saves the edit form: refused beside its field, or as stale when the part changed since it was opened. */
export async function saveProductReply(
  itemId: number,
  value: z.output<ReturnType<typeof productSchemas>["edit"]>,
  userId: number,
) {
  const changes = { ...itemChangesFromForm(value), ...catalogFieldsFromForm(value) };
  const saved = await updateItem(itemId, changes, {
    version: value.version,
    userId,
    specs: value.specs,
    priceBreaks: value.priceBreaks,
  });
  if (!saved.ok) {
    if (saved.reason === "not-found") throw data(NO_SUCH_PRODUCT, { status: 404 });
    if (saved.reason === "field") return refuse(400, { fieldErrors: { [saved.field]: [saved.message] } });
    return refuse(409, staleEditMessage(saved.current), { extra: { currentVersion: saved.current.version } });
  }
  return redirectWithFlash("/dashboard/manage-product", `${saved.item.name} saved`);
}

function staleEditMessage(current: ItemDetail) {
  return (
    `This product changed after you opened it (an order, a stock change or another admin), so nothing was saved. ` +
    `It now has ${current.quantity} in stock at ${formatPrice(current.price_cents)}. ` +
    `Check the values and save again.`
  );
}

/** Adds or removes stock by hand (filling backorders with what arrives); never below nothing. */
export async function adjustStockReply(itemId: number, value: z.output<typeof StockAdjustmentSchema>, userId: number) {
  const adjusted = await adjustStockAndFill(itemId, { change: value.change, reason: value.reason, userId });
  if (!adjusted.ok) {
    if (adjusted.reason === "not-found") throw data(NO_SUCH_PRODUCT, { status: 404 });
    return refuse(409, {
      fieldErrors: { change: [`Only ${adjusted.available} in stock: you cannot remove ${-value.change}.`] },
    });
  }
  const verb = value.change > 0 ? `${value.change} added to` : `${-value.change} removed from`;
  return redirectWithFlash(`/dashboard/manage-product/${itemId}`, `${verb} stock: ${adjusted.quantity} now.`);
}

/** Copies the part as a hidden draft and opens the copy. */
export async function duplicateProductReply(itemId: number) {
  const copied = await duplicateItem(itemId);
  if (!copied.ok) throw data(NO_SUCH_PRODUCT, { status: 404 });
  return redirectWithFlash(
    `/dashboard/manage-product/${copied.item.id}`,
    `Copied as ${copied.item.part_number}, hidden: set its part number and details, then untick Hidden.`,
  );
}
