import { deleteItem, getItem, itemChangesFromForm, updateItem } from "~/models/item.server";
import { toApiItem } from "~/utils/api-shapes.server";
import { ApiError, type ApiContext, apiJson, apiRoute, parseWith, readJsonBody } from "~/utils/api.server";
import { ItemChangesSchema } from "~/validation/api";
import { parseId } from "~/validation/common";

// GET, PUT and DELETE /api/item/:id: one item, read by everyone, changed and deleted by admins.
const handleApiCall = apiRoute({
  async GET({ params }) {
    const item = await getItem(itemIdOr404(params));
    if (!item) throw noSuchItem();
    return apiJson(toApiItem(item));
  },

  // Sets only the fields sent (a restock, a price change), each under the add-product rules.
  async PUT({ request, params, requireAdmin }) {
    await requireAdmin();
    const id = itemIdOr404(params);
    const changes = parseWith(ItemChangesSchema, await readJsonBody(request));
    const item = await updateItem(id, itemChangesFromForm(changes));
    if (!item) throw noSuchItem();
    return apiJson(toApiItem(item));
  },

  async DELETE({ params, requireAdmin }) {
    await requireAdmin();
    const deleted = await deleteItem(itemIdOr404(params));
    if (!deleted) throw noSuchItem();
    return apiJson({ deleted });
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
