import { randomUUID } from "node:crypto";

import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import * as addReview from "~/routes/dashboard.add-review";
import * as orderPage from "~/routes/order.$id";

import { newItem } from "../support/builders";
import { call, postRequest } from "../support/http";
import { createSignedInUser } from "../support/users";

// This file breaks its own database on purpose (each test file has a database of its own).
// (A page whose loader fails, through the real build: tests/server/database-failure.test.ts.)
describe("when the database fails", () => {
  test("a form answers 500 with what the visitor typed and a message", async () => {
    const { cookie } = await createSignedInUser();
    const item = await newItem({
      name: "Fragile Gear",
      img: "/images/items/spur-gear.svg",
      description: "d",
      price_cents: 100,
      quantity: 5,
      supplier_name: "s",
    });
    await sql`drop table reviews`.execute(db);

    const typed = { name: "Dana", rating: "4", review: "Typed with care, must not be lost." };
    const outcome = await call(addReview.action, postRequest("/dashboard/add-review", typed, { cookie }));
    expect(outcome.status).toBe(500);
    expect(outcome.data.initialValue).toMatchObject(typed);
    expect(outcome.data.error[""]).toEqual([
      "We could not save this just now, and nothing was changed. Please try again.",
    ]);

    // Orders fail the same way when their tables are gone, and the stock is left as it was.
    for (const table of [
      "outbox",
      "invoice_lines",
      "invoices",
      "order_status_changes",
      "shipment_lines",
      "shipments",
      "quote_lines",
      "quotes",
      "punchout_purchase_orders",
      "order_lines",
      "orders",
    ])
      await sql`drop table ${sql.table(table)}`.execute(db);
    const order = await call(
      orderPage.action,
      postRequest(
        `/order/${item.id}`,
        { quantity: "2", address: "1 Way", phone: "+1 555 0100", checkoutToken: randomUUID() },
        { cookie },
      ),
      { id: String(item.id) },
    );
    expect(order.status).toBe(500);
    expect(order.data.initialValue).toMatchObject({ quantity: "2", address: "1 Way" });
    const stock = await db.selectFrom("items").select("quantity").where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(5);
  });
});
