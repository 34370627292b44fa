import type { ApiContext } from "~/api/route.server";
import {
  ApiError,
  apiJson,
  apiRoute,
  fieldRefused,
  noneMatch,
  notModified,
  parseWith,
  readJsonBody,
} from "~/api/route.server";
import { API_STOCK_REASON, ItemChangesSchema } from "~/api/schemas.server";
import { toApiItem } from "~/api/shapes.server";
import { withCatalogDetails } from "~/models/catalog";
import { deleteItem, getItem, itemChangesFromForm, type ItemDetail, partOnOpenOrders } from "~/models/item";
import { withYourPrices } from "~/models/pricing.server";
import { updateItemFillingBackorders } from "~/services/stock-arrivals.server";
import { parseId } from "~/validation/common";

// GET, PUT and DELETE /api/item/:id: one item, read by everyone, changed and deleted by admins.
const handleApiCall = apiRoute({
  async GET({ request, params, caller }) {
    const item = await getItem(itemIdOr404(params));
    // A hidden part is a draft or off sale: not public, here as anywhere.
    if (!item || item.hidden) throw noSuchItem();
    const [detailed] = await withCatalogDetails([item]);
    const who = await caller();
    const [priced] = who ? await withYourPrices([detailed], who.id) : [undefined];
    // A caller's own price is part of what they hold: a changed price list is a changed answer.
    const etag =
      priced?.your_price_cents != null ? `"${item.version}-${priced.your_price_cents}"` : `"${item.version}"`;
    // The version the client holds is still the item's: nothing to send again.
    if (noneMatch(request, etag)) return notModified(etag);
    return apiJson(toApiItem(detailed, priced), { headers: { ETag: etag } });
  },

  // Sets only the fields sent (a price change, a new stock figure), each under the add-product rules,
  // and only against the version the client read: an order placed since then is never undone. A new
  // stock figure needs that version, and goes into the stock ledger as a change with its reason.
  async PUT({ request, params, requireAdminCaller }) {
    const admin = await requireAdminCaller();
    const id = itemIdOr404(params);
    const {
      version: bodyVersion,
      quantity,
      stockReason,
      ...changes
    } = parseWith(ItemChangesSchema, await readJsonBody(request));
    const ifMatch = readIfMatch(request);
    const version = ifMatch.version ?? bodyVersion;
    if (quantity !== undefined && version === undefined) {
      if (!(await getItem(id))) throw noSuchItem();
      throw new ApiError(
        428,
        "Setting quantity needs the version it was read at: send If-Match or version from GET /api/item/{id}.",
      );
    }
    const result = await updateItemFillingBackorders(
      id,
      itemChangesFromForm(changes),
      version !== undefined && quantity !== undefined
        ? { version, userId: admin.id, stockFigure: { quantity, reason: stockReason ?? API_STOCK_REASON } }
        : { version, userId: admin.id },
    );
    if (!result.ok) {
      if (result.reason === "not-found") throw noSuchItem();
      if (result.reason === "field") throw fieldRefused(result.field, result.message);
      // A failed If-Match is a failed precondition (412); a stale `version` in the body, a conflict (409).
      throw new ApiError(
        ifMatch.version !== undefined ? 412 : 409,
        "The item changed since that version; nothing was saved. Here it is as it is now.",
        { current: await apiItem(result.current) },
        { ETag: `"${result.current.version}"` },
      );
    }
    return apiJson(await apiItem(result.item), { headers: { ETag: `"${result.item.version}"` } });
  },

  async DELETE({ params, requireAdminCaller }) {
    await requireAdminCaller();
    const deleted = await deleteItem(itemIdOr404(params));
    if (!deleted.ok && deleted.reason === "not-found") throw noSuchItem();
    if (!deleted.ok) throw new ApiError(409, partOnOpenOrders(deleted.orderIds));
    return apiJson({ deleted: 1 });
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;

function noSuchItem() {
  return new ApiError(404, "No item has this id.");
}

/** A malformed id ("abc", "1.5") names no item: the same 404 as an unknown one. */
function itemIdOr404(params: ApiContext["params"]) {
  const id = parseId(params.id);
  if (id === null) throw noSuchItem();
  return id;
}

/**
 * `If-Match`: `"3"`, the version the change was made from; `*`, any version (the item must exist);
 * absent, none. A weak tag never matches under If-Match (RFC 9110 compares strongly): 412, as an
 * out-of-date version is. Anything else is a 400.
 */
function readIfMatch(request: Request): { version?: number } {
  const header = request.headers.get("If-Match");
  if (header === null || header.trim() === "*") return {};
  if (/^\s*W\//.test(header)) {
    throw new ApiError(412, 'If-Match compares versions strongly: a weak tag (W/"3") never matches. Send "3".');
  }
  const version = parseId(/^\s*"(\d+)"\s*$/.exec(header)?.[1]);
  if (version === null) throw new ApiError(400, 'If-Match must be one version in quotes, such as "3", or *.');
  return { version };
}

async function apiItem(item: ItemDetail) {
  const [detailed] = await withCatalogDetails([item]);
  return toApiItem(detailed);
}
