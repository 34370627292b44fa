import { config } from "../../app/config/env.server";
import type { DB } from "../../app/db/db.server";
import { now } from "../../app/db/db.server";
import { toCents } from "../../app/lib/money";
import { partNumberKey } from "../../app/lib/part-number";
import { hashPassword } from "../../app/lib/password.server";
import { inferTemplates } from "../../app/lib/spec-templates";
import { OPENING_STOCK_REASON, recordStockMovement } from "../../app/models/stock.server";
import { catalogCategories, catalogParts, catalogReviews } from "./catalog-data";

/** Fills an empty database with the demo catalog and the admin account. A second run changes nothing. */
export async function seedDatabase(
  db: DB,
  { adminEmail = config().adminEmail, adminPassword = config().adminPassword } = {},
) {
  const summary = { items: 0, reviews: 0, admin: false };
  const itemIds = new Map<string, number>();
  await db.transaction().execute(async (trx) => {
    const { count: itemCount } = await trx
      .selectFrom("items")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(itemCount) === 0) {
      const categoryIds = new Map<string, number>();
      for (const category of catalogCategories) {
        const row = await trx.insertInto("categories").values(category).returning("id").executeTakeFirstOrThrow();
        categoryIds.set(category.slug, row.id);
      }
      // Each category's spec templates, as its parts' specs show them (names and usual units).
      for (const category of catalogCategories) {
        const specs = catalogParts
          .filter((part) => part.category === category.slug)
          .flatMap((part) => part.specs.map((spec, position) => ({ ...spec, position })));
        const templates = inferTemplates(specs);
        if (!templates.length) continue;
        await trx
          .insertInto("spec_templates")
          .values(
            templates.map((template, position) => ({
              category_id: categoryIds.get(category.slug)!,
              name: template.name,
              unit: template.unit,
              position,
            })),
          )
          .execute();
      }
      // Oldest first, so the newest-first lists show the catalog in its written order reversed.
      for (const part of catalogParts) {
        const item = await trx
          .insertInto("items")
          .values({
            part_number: part.partNumber,
            part_number_key: partNumberKey(part.partNumber),
            category_id: categoryIds.get(part.category) ?? null,
            name: part.name,
            img: `/images/items/${part.image}.svg`,
            description: part.description,
            price_cents: toCents(part.price),
            quantity: part.quantity,
            lead_time_days: part.leadTimeDays,
            min_order_quantity: part.minOrderQuantity,
            supplier_name: part.supplier,
            created_at: now(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        // The stock ledger accounts for every unit a part holds, as when staff add a part.
        if (part.quantity > 0) {
          await recordStockMovement(
            {
              itemId: item.id,
              userId: null,
              change: part.quantity,
              quantityAfter: part.quantity,
              reason: OPENING_STOCK_REASON,
            },
            { executor: trx },
          );
        }
        await trx
          .insertInto("item_specs")
          .values(part.specs.map((spec, position) => ({ ...spec, item_id: item.id, position })))
          .execute();
        if (part.priceBreaks.length) {
          await trx
            .insertInto("price_breaks")
            .values(
              part.priceBreaks.map((line) => ({
                item_id: item.id,
                min_quantity: line.minQuantity,
                price_cents: toCents(line.price),
              })),
            )
            .execute();
        }
        itemIds.set(part.partNumber, item.id);
        summary.items++;
      }
    }

    const { count: reviewCount } = await trx
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(reviewCount) === 0) {
      for (const { partNumber, ...review } of catalogReviews) {
        await trx
          .insertInto("reviews")
          .values({
            ...review,
            item_id: (partNumber && itemIds.get(partNumber)) || null,
            user_id: null,
            created_at: now(),
          })
          .execute();
        summary.reviews++;
      }
    }

    const email = adminEmail.trim().toLowerCase();
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto("users")
        .values({
          email,
          display_name: "Store Admin",
          password_hash: await hashPassword(adminPassword),
          role: "admin",
          // The operator chose this address (ADMIN_EMAIL): it needs no proof.
          email_verified_at: now(),
          created_at: now(),
        })
        .execute();
      summary.admin = true;
    }
  });
  return summary;
}
