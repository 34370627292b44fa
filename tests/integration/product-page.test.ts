import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { createReview } from "~/models/review.server";
import * as productPage from "~/routes/items_.$id";

import { newItem } from "../support/builders";
import { call, getRequest } from "../support/http";
import { createSignedInUser } from "../support/users";

describe("a part's page, /items/:id", () => {
  test("shows the part with its number, category, specifications and its own reviews", async () => {
    const { user } = await createSignedInUser();
    const item = await newItem({ name: "Keyed Spur Gear", price_cents: 1999, quantity: 0, lead_time_days: 10 });
    await db
      .insertInto("item_specs")
      .values([
        { item_id: item.id, position: 0, name: "Module", value: "1", unit: null },
        { item_id: item.id, position: 1, name: "Bore", value: "8", unit: "mm" },
      ])
      .execute();
    const review = await createReview({
      userId: user.id,
      name: "Ada",
      rating: 5,
      review: "Ran true.",
      itemId: item.id,
    });
    await createReview({ userId: user.id, name: "Ada", rating: 4, review: "About the shop.", itemId: null });

    const page = await call(productPage.loader, getRequest(`/items/${item.id}`), { id: String(item.id) });
    expect(page.status).toBe(200);
    expect(page.data.product).toMatchObject({
      id: item.id,
      part_number: item.part_number,
      name: "Keyed Spur Gear",
      quantity: 0,
      lead_time_days: 10,
      specs: [
        { name: "Module", value: "1", unit: null },
        { name: "Bore", value: "8", unit: "mm" },
      ],
    });
    expect(page.data.reviews.map((r: { id: number }) => r.id)).toEqual([review.id]);
    expect(page.data.canonical).toBe(`http://localhost:3000/items/${item.id}`);

    const jsonLd = JSON.parse(page.data.jsonLd);
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: "Keyed Spur Gear",
      sku: item.part_number,
      // A part with no uploaded picture: its image address, as a list (media.test.ts has uploaded ones).
      image: ["http://localhost:3000/images/items/spur-gear.svg"],
      offers: { price: "19.99", priceCurrency: "GBP", availability: "https://schema.org/OutOfStock" },
    });
  });

  test("JSON-LD cannot close its script element, whatever a name says", async () => {
    const item = await newItem({ name: "</script><script>alert(1)</script>" });
    const page = await call(productPage.loader, getRequest(`/items/${item.id}`), { id: String(item.id) });
    expect(page.data.jsonLd).not.toContain("</script>");
    expect(JSON.parse(page.data.jsonLd).name).toBe("</script><script>alert(1)</script>");
  });

  test.each(["999999999", "abc", "1.5", "-1"])("/items/%s is a 404", async (id) => {
    const page = await call(productPage.loader, getRequest(`/items/${id}`), { id });
    expect(page.status).toBe(404);
  });
});
