import { itemsPage, pageJson } from "~/api/paging.server";
import { apiJson, apiRoute, fieldRefused, parseQuery, parseWith, readJsonBody } from "~/api/route.server";
import { ItemBodySchema, ItemListQuerySchema } from "~/api/schemas.server";
import { toApiItem } from "~/api/shapes.server";
import { withCatalogDetails } from "~/models/catalog";
import { createItem, itemInputFromForm } from "~/models/item";
import { withYourPrices } from "~/models/pricing.server";

// GET /api/item (everyone) and POST /api/item (admins): the original backend's /item calls.
const handleApiCall = apiRoute({
  // The plain array the original answered, a page of it: `Link` says where the next page is.
  async GET({ request, url, caller }) {
    const { q, category, inStock, limit, offset, cursor } = parseQuery(ItemListQuerySchema, url);
    const { items, next } = await itemsPage({ filter: { query: q, category, inStock }, limit, offset, cursor });
    const detailed = await withCatalogDetails(items);
    // A caller a key or session names gets their own price beside list price; anonymous answers don't.
    const who = await caller();
    const priced = who ? await withYourPrices(detailed, who.id) : null;
    return pageJson(
      request,
      url,
      detailed.map((item, index) => toApiItem(item, priced?.[index])),
      next,
    );
  },

  async POST({ request, requireAdminCaller }) {
    const admin = await requireAdminCaller();
    const product = parseWith(ItemBodySchema, await readJsonBody(request));
    const created = await createItem(itemInputFromForm(product), { userId: admin.id });
    if (!created.ok) throw fieldRefused(created.field, created.message);
    const [item] = await withCatalogDetails([created.item]);
    return apiJson(toApiItem(item), { status: 201, headers: { Location: `/api/item/${item.id}` } });
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
