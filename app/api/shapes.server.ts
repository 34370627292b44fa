import type { OrderStatus } from "~/db/schema";
import type { CatalogItem } from "~/models/catalog.server";
import type { ReviewListing } from "~/models/review.server";
import { appUrl } from "~/utils/env.server";

import type { ApiItem, ApiOrder, ApiReview } from "./schemas.server";

// The API's JSON shapes (the original backend's field names) from our rows. Each function is typed
// with the schema /api/openapi.json publishes, so a field added to one and not the other fails tsc.

/** Money is integer cents in the database and currency units (12.5) in the API. */
function units(cents: number) {
  return cents / 100;
}

export function toApiItem(item: CatalogItem): ApiItem {
  return {
    _id: item.id,
    name: item.name,
    // Absolute, so a client on another origin can show it.
    img: new URL(item.img, appUrl()).toString(),
    description: item.description,
    quantity: item.quantity,
    supplierName: item.supplier_name,
    price: units(item.price_cents),
    version: item.version,
    partNumber: item.part_number,
    category: item.category_slug,
    specs: item.specs,
  };
}

export function toApiReview(review: ReviewListing): ApiReview {
  return { _id: review.id, name: review.name, rating: review.rating, review: review.review };
}

export function toApiOrder(order: {
  id: number;
  item_id: number | null;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  status: OrderStatus;
  created_at: string;
}): ApiOrder {
  return {
    _id: order.id,
    itemId: order.item_id,
    quantity: order.quantity,
    unitPrice: units(order.unit_price_cents),
    total: units(order.total_cents),
    status: order.status,
    createdAt: order.created_at,
  };
}
