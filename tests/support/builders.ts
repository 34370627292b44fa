import { db } from "~/db/db.server";
import { createItem, type ItemInput, type SpecInput } from "~/models/item";

import { uniqueToken } from "./unique";

type ItemLists = NonNullable<Parameters<typeof createItem>[1]>;

/**
 * The one item builder: a believable part with stock, any field overridable; its specs, or the
 * lists createItem takes (specs, price breaks, who added it).
 */
export async function newItem(overrides: Partial<ItemInput> = {}, lists: SpecInput[] | ItemLists = []) {
  const created = await createItem(
    {
      name: `Spur Gear ${uniqueToken()}`,
      img: "/images/items/spur-gear.svg",
      description: "A hardened steel spur gear.",
      price_cents: 1250,
      quantity: 10,
      supplier_name: "Gearwright Works",
      ...overrides,
    },
    Array.isArray(lists) ? { specs: lists } : lists,
  );
  if (!created.ok) throw new Error(`newItem: ${created.field}: ${created.message}`);
  return created.item;
}

/** A category of its own, so a test's filters and counts see only the items it made. */
export async function newCategory() {
  const slug = `test-${uniqueToken()}`;
  return db
    .insertInto("categories")
    .values({ slug, name: `Test parts ${slug}`, description: "Parts made by a test." })
    .returning(["id", "slug", "name"])
    .executeTakeFirstOrThrow();
}
