import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { changeCartLine, itemsByPartNumber } from "~/models/cart";
import { browseCatalog, countProducts, listProductsForSitemap, suggestSearch } from "~/models/catalog";
import { duplicateItem, getItem, listNewestItems, updateItem } from "~/models/item";
import { priceLines } from "~/models/pricing.server";
import { listProductsForStaff } from "~/models/product-list.server";
import * as apiItems from "~/routes/api.item";
import * as apiItem from "~/routes/api.item.$id";
import * as editProduct from "~/routes/dashboard.manage-product_.$id";
import * as productPage from "~/routes/items_.$id";
import * as orderPage from "~/routes/order.$id";
import { ProductListQuerySchema } from "~/validation/product-list";

import { apiRequest, callApi } from "../support/api";
import { newCategory, newItem } from "../support/builders";
import { call, flashOf, getRequest, postRequest } from "../support/http";
import { placeTestOrder } from "../support/orders";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

const setHidden = (id: number, hidden: 0 | 1) => updateItem(id, { hidden });

/** A category of its own with a shown part and a part to hide, both with a spec, named by one token. */
async function shopWithADraft() {
  const token = uniqueToken();
  const category = await newCategory();
  const spec = (value: string) => [{ name: "Bore", value, unit: "mm" }];
  const other = await newItem({ name: `Other Gear ${token}`, category_id: category.id }, spec("12"));
  const shown = await newItem({ name: `Shown Gear ${token}`, category_id: category.id }, spec("8"));
  const draft = await newItem({ name: `Draft Gear ${token}`, category_id: category.id }, spec("10"));
  return { token, category, other, shown, draft };
}

/** What the public sees of the catalog around the token: pages, counts, facets, suggestions, API. */
async function publicView({ token, category, draft }: Awaited<ReturnType<typeof shopWithADraft>>) {
  const byCategory = await browseCatalog({ category: category.slug }, { page: 1 });
  const bySearch = await browseCatalog({ query: `gear ${token}` }, { page: 1 });
  const categoryFacet = bySearch.categories.find((facet) => facet.slug === category.slug);
  const bores = byCategory.specs.find((facet) => facet.name === "Bore")?.choices.map((choice) => choice.value) ?? [];
  const suggested = await suggestSearch(`draft gear ${token}`);
  const api = await callApi(apiItems, apiRequest("GET", `/api/item?q=${encodeURIComponent(`gear ${token}`)}`));
  const { item_count } = await db
    .selectFrom("categories")
    .select("item_count")
    .where("id", "=", category.id)
    .executeTakeFirstOrThrow();
  return {
    categoryPage: byCategory.items.map((item) => item.name),
    categoryTotal: byCategory.total,
    categoryCount: Number(item_count),
    search: bySearch.items.map((item) => item.name),
    searchFacet: categoryFacet?.count ?? 0,
    bores: [...bores].sort(),
    suggestsTheDraft: suggested.parts.some((part) => part.name === draft.name),
    api: (api.data as { name: string }[]).map((item) => item.name),
  };
}

describe("a hidden part", () => {
  test("is absent from the catalog, its counts and facets, search, suggestions and the API list, and back when shown", async () => {
    const shop = await shopWithADraft();
    const { other, shown, draft } = shop;
    const everything = await publicView(shop);
    expect(everything).toEqual({
      categoryPage: [draft.name, shown.name, other.name],
      categoryTotal: 3,
      categoryCount: 3,
      search: [draft.name, shown.name, other.name],
      searchFacet: 3,
      bores: ["10", "12", "8"],
      suggestsTheDraft: true,
      api: [draft.name, shown.name, other.name],
    });
    const allParts = await countProducts();

    expect((await setHidden(draft.id, 1)).ok).toBe(true);
    expect(await publicView(shop)).toEqual({
      categoryPage: [shown.name, other.name],
      categoryTotal: 2,
      categoryCount: 2,
      search: [shown.name, other.name],
      searchFacet: 2,
      bores: ["12", "8"],
      suggestsTheDraft: false,
      api: [shown.name, other.name],
    });
    expect(await countProducts()).toBe(allParts - 1);
    // By its part number, exactly or in part.
    for (const query of [draft.part_number, draft.part_number.slice(0, -2)]) {
      const found = await browseCatalog({ query }, { page: 1 });
      expect(found.items.map((item) => item.id)).not.toContain(draft.id);
    }

    expect((await setHidden(draft.id, 0)).ok).toBe(true);
    expect(await publicView(shop)).toEqual(everything);
    expect(await countProducts()).toBe(allParts);
  });

  test("made hidden from the start counts nowhere, and deleting it changes no count", async () => {
    const category = await newCategory();
    const allParts = await countProducts();
    const draft = await newItem({ category_id: category.id, hidden: 1 }, [{ name: "Teeth", value: "20", unit: null }]);
    expect(await countProducts()).toBe(allParts);
    const page = await browseCatalog({ category: category.slug }, { page: 1 });
    expect(page).toMatchObject({ total: 0, items: [], specs: [] });
    // It moves to another category unseen.
    const other = await newCategory();
    await updateItem(draft.id, { category_id: other.id });
    expect((await browseCatalog({ category: other.slug }, { page: 1 })).total).toBe(0);
    await db.deleteFrom("items").where("id", "=", draft.id).execute();
    expect(await countProducts()).toBe(allParts);
    const counts = await db
      .selectFrom("categories")
      .select("item_count")
      .where("id", "in", [category.id, other.id])
      .execute();
    expect(counts.map((row) => Number(row.item_count))).toEqual([0, 0]);
    const specCounts = await db
      .selectFrom("spec_counts")
      .select("items")
      .where("category_id", "in", [category.id, other.id])
      .where("items", ">", 0)
      .execute();
    expect(specCounts).toEqual([]);
  });

  test("has no product page, no order page, no API page, and is not on the home page or in the sitemap", async () => {
    const { cookie } = await createSignedInUser();
    const draft = await newItem({ hidden: 1 });
    const product = await call(productPage.loader, getRequest(`/items/${draft.id}`), { id: String(draft.id) });
    expect(product.status).toBe(404);
    const order = await call(orderPage.loader, getRequest(`/order/${draft.id}`, { cookie }), { id: String(draft.id) });
    expect(order.status).toBe(404);
    const api = await callApi(apiItem, apiRequest("GET", `/api/item/${draft.id}`), { id: String(draft.id) });
    expect(api.status).toBe(404);
    expect((await listNewestItems(50)).map((item) => item.id)).not.toContain(draft.id);
    const sitemap = await listProductsForSitemap({ offset: 0, limit: 1_000_000 });
    expect(sitemap.map((row) => row.id)).not.toContain(draft.id);
    expect(sitemap).toHaveLength(await countProducts());
  });

  test("cannot be bought: not added to a cart, a cart's line of it is missing, and checkout refuses it", async () => {
    const { user } = await createSignedInUser();
    const part = await newItem({ quantity: 20 });
    expect((await changeCartLine(user.id, { itemId: part.id, quantity: 2, mode: "add" })).ok).toBe(true);
    await setHidden(part.id, 1);
    expect(await changeCartLine(user.id, { itemId: part.id, quantity: 1, mode: "add" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await itemsByPartNumber([part.part_number])).size).toBe(0);
    expect((await priceLines([{ itemId: part.id, quantity: 2 }])).missing).toEqual([part.id]);
    const placed = await placeTestOrder(user.id, { itemId: part.id, quantity: 2 });
    expect(placed).toMatchObject({ ok: false, reason: "not-found" });
    expect((await getItem(part.id))?.quantity).toBe(20);
  });
});

describe("staff and hidden parts", () => {
  test("the edit form hides and shows a part; the list says which and filters the hidden", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const part = await newItem({ name: `Shaft ${uniqueToken()}` });
    const save = async (hidden: boolean) => {
      const page = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${part.id}`, { cookie }), {
        id: String(part.id),
      });
      expect(page.status).toBe(200);
      const fields = { ...page.data.values, intent: "update", version: String(page.data.values.version), hidden };
      const outcome = await call(
        editProduct.action,
        postRequest(`/dashboard/manage-product/${part.id}`, fields, { cookie }),
        {
          id: String(part.id),
        },
      );
      expect(outcome.status).toBe(302);
      return page.data.values.hidden;
    };
    expect(await save(true)).toBe(false);
    expect((await getItem(part.id))?.hidden).toBe(1);
    const list = (query: Record<string, string>) =>
      listProductsForStaff(ProductListQuerySchema.parse({ q: part.part_number, ...query }));
    expect((await list({})).items).toMatchObject([{ id: part.id, hidden: 1 }]);
    expect((await list({ hidden: "1" })).items.map((item) => item.id)).toEqual([part.id]);
    // The edit page still opens it, and says it is hidden.
    expect(await save(false)).toBe(true);
    expect((await getItem(part.id))?.hidden).toBe(0);
    expect((await list({ hidden: "1" })).items).toEqual([]);
  });

  test("Duplicate makes a hidden copy with the specs, price breaks and catalog fields, no stock and a new part number", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    const source = await newItem(
      {
        name: `Bevel Gear ${uniqueToken()}`,
        category_id: category.id,
        quantity: 30,
        price_cents: 5000,
        reorder_point: 5,
      },
      {
        specs: [
          { name: "Module", value: "2", unit: null },
          { name: "Bore", value: "12", unit: "mm" },
        ],
        priceBreaks: [{ minQuantity: 10, priceCents: 4500 }],
      },
    );
    const outcome = await call(
      editProduct.action,
      postRequest(`/dashboard/manage-product/${source.id}`, { intent: "duplicate" }, { cookie }),
      { id: String(source.id) },
    );
    expect(outcome.status).toBe(302);
    const copyId = Number(outcome.location?.split("/").pop());
    expect(copyId).toBeGreaterThan(source.id);
    expect((await flashOf(outcome))?.message).toMatch(/^Copied as GW-[0-9A-F]{8}, hidden/);
    const copy = await getItem(copyId);
    expect(copy).toMatchObject({
      name: `${source.name} (copy)`,
      category_id: category.id,
      price_cents: 5000,
      quantity: 0,
      reorder_point: 5,
      hidden: 1,
    });
    expect(copy?.part_number).not.toBe(source.part_number);
    const specs = await db
      .selectFrom("item_specs")
      .select(["name", "value", "unit"])
      .where("item_id", "=", copyId)
      .orderBy("position")
      .execute();
    expect(specs).toEqual([
      { name: "Module", value: "2", unit: null },
      { name: "Bore", value: "12", unit: "mm" },
    ]);
    const breaks = await db
      .selectFrom("price_breaks")
      .select(["min_quantity", "price_cents"])
      .where("item_id", "=", copyId)
      .execute();
    expect(breaks).toEqual([{ min_quantity: 10, price_cents: 4500 }]);
    // Hidden: the category still shows one part.
    expect((await browseCatalog({ category: category.slug }, { page: 1 })).total).toBe(1);
    expect(await duplicateItem(copyId + 1_000_000)).toEqual({ ok: false, reason: "not-found" });
  });
});
