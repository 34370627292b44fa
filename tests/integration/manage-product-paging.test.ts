import { expect, test } from "vitest";

import { CATALOG_PAGE_SIZE } from "~/models/catalog";
import * as manageProduct from "~/routes/dashboard.manage-product";

import { newItem } from "../support/builders";
import { call, getRequest } from "../support/http";
import { createSignedInUser } from "../support/users";

test("Manage Products pages through the catalog, searches it, and confirms a delete of an item on any page", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const created = [];
  for (let index = 0; index < CATALOG_PAGE_SIZE + 3; index++) {
    created.push(
      await newItem({
        name: `Paging Washer ${index}`,
        img: "/images/items/shaft-collar.svg",
        description: "d",
        price_cents: 100,
        quantity: 1,
        supplier_name: "s",
      }),
    );
  }
  const first = await call(manageProduct.loader, getRequest("/dashboard/manage-product", { cookie }));
  expect(first.data.items).toHaveLength(CATALOG_PAGE_SIZE);
  expect(first.data.pageCount).toBe(2);
  const second = await call(manageProduct.loader, getRequest("/dashboard/manage-product?page=2", { cookie }));
  expect(second.data.items).toHaveLength(3);

  const search = await call(manageProduct.loader, getRequest("/dashboard/manage-product?q=washer%2014", { cookie }));
  expect(search.data.items.map((item: { name: string }) => item.name)).toEqual(["Paging Washer 14"]);

  // The oldest item is on page 2; asking page 1 to confirm its deletion still names it.
  const oldest = created[0];
  const confirm = await call(
    manageProduct.loader,
    getRequest(`/dashboard/manage-product?delete=${oldest.id}`, { cookie }),
  );
  expect(confirm.data.confirmDelete).toEqual({ id: oldest.id, name: oldest.name });
});
