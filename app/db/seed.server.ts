import { hashPassword } from "~/auth/password.server";
import { toCents } from "~/utils/money";

import type { DB } from "./db.server";
import { now } from "./db.server";
import { demoItems, demoReviews } from "./seed-data";

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";
// Documented in .env.example; change it (or set ADMIN_PASSWORD) on any shop that faces the internet.
export const DEFAULT_ADMIN_PASSWORD = "change-me-admin";

/** Fills an empty database with the demo catalog and the admin account. A second run changes nothing. */
export async function seedDatabase(
  db: DB,
  {
    adminEmail = process.env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
    adminPassword = process.env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
  } = {},
) {
  const summary = { items: 0, reviews: 0, admin: false };
  await db.transaction().execute(async (trx) => {
    const { count: itemCount } = await trx
      .selectFrom("items")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(itemCount) === 0) {
      // Oldest first, so the newest-first lists show the catalog in its written order reversed.
      for (const item of demoItems) {
        await trx
          .insertInto("items")
          .values({
            name: item.name,
            img: `/images/items/${item.slug}.svg`,
            description: item.description,
            price_cents: toCents(item.price),
            quantity: item.quantity,
            supplier_name: item.supplier,
            created_at: now(),
          })
          .execute();
        summary.items++;
      }
    }

    const { count: reviewCount } = await trx
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(reviewCount) === 0) {
      for (const review of demoReviews) {
        await trx
          .insertInto("reviews")
          .values({ ...review, user_id: null, created_at: now() })
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
          created_at: now(),
        })
        .execute();
      summary.admin = true;
    }
  });
  return summary;
}
