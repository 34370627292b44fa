import { db } from "~/db/db.server";
import { type BuyerPrice, buyerUnitPrice } from "~/lib/contract-prices";
import { priceBreaksOf } from "~/models/pricing.server";

import { contractListsFor } from "./buyer-lists.server";

export type PreviewFor = { partNumber: string; quantity: number } & ({ email: string } | { companyId: number });

export type Preview =
  | { ok: true; partName: string; quantity: number; price: BuyerPrice; whom: string }
  | { ok: false; reason: "no-part" | "no-account" | "no-company" };

/** Staff's "price of part X for Y at quantity Q, and why": the same function every bill uses. */
export async function previewPrice(wanted: PreviewFor): Promise<Preview> {
  const item = await db
    .selectFrom("items")
    .select(["id", "name", "category_id", "price_cents"])
    .where("part_number", "=", wanted.partNumber)
    .executeTakeFirst();
  if (!item) return { ok: false, reason: "no-part" };
  let whom: number | { companyId: number };
  let named: string;
  if ("email" in wanted) {
    const user = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "=", wanted.email.toLowerCase())
      .executeTakeFirst();
    if (!user) return { ok: false, reason: "no-account" };
    whom = user.id;
    named = user.email;
  } else {
    const company = await db
      .selectFrom("companies")
      .select(["id", "name"])
      .where("id", "=", wanted.companyId)
      .executeTakeFirst();
    if (!company) return { ok: false, reason: "no-company" };
    whom = { companyId: company.id };
    named = company.name;
  }
  const part = {
    itemId: item.id,
    categoryId: item.category_id,
    basePriceCents: Number(item.price_cents),
    breaks: (await priceBreaksOf([item.id])).get(item.id) ?? [],
  };
  const lists = await contractListsFor(whom, [part]);
  return {
    ok: true,
    partName: item.name,
    quantity: wanted.quantity,
    price: buyerUnitPrice(part, wanted.quantity, lists),
    whom: named,
  };
}
