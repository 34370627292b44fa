import { describe, expect, test } from "vitest";

import { dispatchSettings } from "~/config/env.server";
import { addWorkingDays, dispatchClock } from "~/lib/dispatch";
import { addLinesToCart } from "~/models/cart";
import * as cart from "~/routes/api.cart";

import { apiRequest, callApi, createKeyThroughDashboard } from "../support/api";
import { newItem } from "../support/builders";
import { createSignedInUser } from "../support/users";

// GET /api/cart: the caller's cart as ordering it now would go, on whichever database TEST_DATABASE names.

describe("the cart API", () => {
  test("says per line what leaves from stock and when, what waits on backorder and by when, and the bill", async () => {
    const buyer = await createSignedInUser();
    const scarce = await newItem({ quantity: 3, price_cents: 1000, lead_time_days: 5 });
    const plenty = await newItem({ quantity: 50, price_cents: 250 });
    const stockOnly = await newItem({ quantity: 1, price_cents: 100, allow_backorder: 0 });
    await addLinesToCart(buyer.user.id, [
      { itemId: scarce.id, quantity: 10 },
      { itemId: plenty.id, quantity: 4 },
      { itemId: stockOnly.id, quantity: 2 },
    ]);
    const clock = dispatchClock(new Date(), dispatchSettings());

    const answer = await callApi(cart, apiRequest("GET", "/api/cart", { cookie: buyer.cookie }));
    expect(answer.status).toBe(200);
    expect(answer.data.lines).toEqual([
      {
        itemId: scarce.id,
        partNumber: scarce.part_number,
        name: scarce.name,
        quantity: 10,
        unitPrice: 10,
        // No price list of the buyer's: list price.
        listPrice: 10,
        priceList: null,
        lineTotal: 100,
        allocated: 3,
        waiting: 7,
        dispatchDate: clock.inStockLeaves,
        backorderDue: addWorkingDays(clock.today, 5),
        problem: null,
      },
      expect.objectContaining({ itemId: plenty.id, allocated: 4, waiting: 0, backorderDue: null, problem: null }),
      // A stock-only part short of stock: checkout would refuse it, and the cart says so.
      expect.objectContaining({ itemId: stockOnly.id, allocated: 1, waiting: 1, problem: "short" }),
    ]);
    // £100 + £10 + £2 of goods; £9.50 shipping (under £250); 20% VAT on both.
    expect(answer.data).toMatchObject({ subtotal: 112, shipping: 9.5, tax: 24.3, total: 145.8 });
  });

  test("answers a program by its key with its owner's cart, and a caller with neither 401", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(admin.cookie, "cart key");
    const part = await newItem({ quantity: 0, lead_time_days: 2 });
    await addLinesToCart(admin.user.id, [{ itemId: part.id, quantity: 2 }]);
    const byKey = await callApi(cart, apiRequest("GET", "/api/cart", { key }));
    expect(byKey.status).toBe(200);
    expect(byKey.data.lines).toMatchObject([{ itemId: part.id, allocated: 0, waiting: 2, dispatchDate: null }]);
    expect((await callApi(cart, apiRequest("GET", "/api/cart"))).status).toBe(401);
    // An empty cart is an empty bill, not an error.
    const other = await createSignedInUser();
    const empty = await callApi(cart, apiRequest("GET", "/api/cart", { cookie: other.cookie }));
    expect(empty.data).toEqual({ lines: [], subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });
});
