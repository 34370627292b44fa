import { randomBytes } from "node:crypto";

import { createItem, type ItemInput } from "~/models/item.server";

/** A unique suffix, so tests that share a database never meet each other's rows. */
export function uniqueToken() {
  return `t${randomBytes(4).toString("hex")}`;
}

/** The one item builder: a believable part with stock, any field overridable. */
export async function newItem(overrides: Partial<ItemInput> = {}) {
  return createItem({
    name: `Spur Gear ${uniqueToken()}`,
    img: "/images/items/spur-gear.svg",
    description: "A hardened steel spur gear.",
    price_cents: 1250,
    quantity: 10,
    supplier_name: "Gearwright Works",
    ...overrides,
  });
}
