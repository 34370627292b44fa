import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { DEFAULT_PRICING_RULES, totalsFor } from "~/lib/pricing";
import { addLinesToCart } from "~/models/cart";
import type { Bill } from "~/models/pricing.server";
import * as orderApi from "~/routes/api.order.$id";
import * as cartPage from "~/routes/cart";
import * as checkoutPage from "~/routes/checkout";
import * as orderPage from "~/routes/dashboard.my-order_.$id";

import { apiRequest, callApi } from "../support/api";
import { newItem } from "../support/builders";
import { call, getRequest, postRequest } from "../support/http";
import { SHIPPING } from "../support/orders";
import { createSignedInUser } from "../support/users";

// For random carts, every place that shows a bill shows the same lines and totals: the cart, the
// checkout page, the order placed from it, the customer's order page and the API. And they are the
// figures the rules give, worked out here from the parts' prices and breaks on their own.

type Part = { id: number; price: number; breaks: [number, number][] };
let parts: Part[];

beforeAll(async () => {
  const specs: Omit<Part, "id">[] = [
    {
      price: 495,
      breaks: [
        [10, 440],
        [50, 390],
      ],
    },
    { price: 12_999, breaks: [] },
    {
      price: 7,
      breaks: [
        [100, 6],
        [1000, 5],
      ],
    },
    { price: 3_333, breaks: [[3, 3_000]] },
    {
      price: 86_050,
      breaks: [
        [2, 80_000],
        [5, 75_025],
      ],
    },
  ];
  parts = [];
  for (const spec of specs) {
    const item = await newItem({ price_cents: spec.price, quantity: 1_000_000 });
    if (spec.breaks.length) {
      await db
        .insertInto("price_breaks")
        .values(spec.breaks.map(([min_quantity, price_cents]) => ({ item_id: item.id, min_quantity, price_cents })))
        .execute();
    }
    parts.push({ id: item.id, ...spec });
  }
});

function expectedUnitPrice(part: Part, quantity: number) {
  return part.breaks.filter(([min]) => quantity >= min).reduce((price, [, breakPrice]) => breakPrice, part.price);
}

function comparable(
  bill: Pick<Bill, "totals"> & {
    lines: { itemId: number | null; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  },
) {
  return {
    lines: bill.lines.map(({ itemId, quantity, unitPriceCents, lineTotalCents }) => ({
      itemId,
      quantity,
      unitPriceCents,
      lineTotalCents,
    })),
    totals: bill.totals,
  };
}

const cartArbitrary = fc.uniqueArray(
  fc.record({ part: fc.integer({ min: 0, max: 4 }), quantity: fc.integer({ min: 1, max: 1200 }) }),
  { minLength: 1, maxLength: 5, selector: (line) => line.part },
);

test("cart, checkout, order, order page and API agree with the rules for random carts", async () => {
  await fc.assert(
    fc.asyncProperty(cartArbitrary, async (cart) => {
      const { user, cookie } = await createSignedInUser();
      await addLinesToCart(
        user.id,
        cart.map((line) => ({ itemId: parts[line.part].id, quantity: line.quantity })),
      );
      const expectedLines = cart
        .map((line) => {
          const part = parts[line.part];
          const unitPriceCents = expectedUnitPrice(part, line.quantity);
          return {
            itemId: part.id,
            quantity: line.quantity,
            unitPriceCents,
            lineTotalCents: unitPriceCents * line.quantity,
          };
        })
        .sort((a, b) => a.itemId - b.itemId);
      const expected = { lines: expectedLines, totals: totalsFor(expectedLines, DEFAULT_PRICING_RULES) };
      const byItem = (bill: ReturnType<typeof comparable>) => ({
        ...bill,
        lines: [...bill.lines].sort((a, b) => a.itemId! - b.itemId!),
      });

      const onCart = await call(cartPage.loader, getRequest("/cart", { cookie }));
      expect(byItem(comparable(onCart.data.bill))).toEqual(expected);
      const onCheckout = await call(checkoutPage.loader, getRequest("/checkout", { cookie }));
      expect(byItem(comparable(onCheckout.data.bill))).toEqual(expected);

      const placed = await call(
        checkoutPage.action,
        postRequest(
          "/checkout",
          {
            ...SHIPPING,
            checkoutToken: onCheckout.data.checkoutToken,
            expectedTotal: String(onCheckout.data.bill.totals.totalCents),
          },
          { cookie },
        ),
      );
      expect(placed.status).toBe(302);
      const orderId = placed.location!.split("/").pop()!;

      const onOrderPage = await call(orderPage.loader, getRequest(`/dashboard/my-order/${orderId}`, { cookie }), {
        id: orderId,
      });
      const order = onOrderPage.data.order;
      expect(
        byItem({
          lines: order.lines.map(
            (line: { item_id: number; quantity: number; unit_price_cents: number; line_total_cents: number }) => ({
              itemId: line.item_id,
              quantity: line.quantity,
              unitPriceCents: line.unit_price_cents,
              lineTotalCents: line.line_total_cents,
            }),
          ),
          totals: {
            subtotalCents: order.subtotal_cents,
            shippingCents: order.shipping_cents,
            taxCents: order.tax_cents,
            totalCents: order.total_cents,
          },
        }),
      ).toEqual(expected);

      const fromApi = await callApi(orderApi, apiRequest("GET", `/api/order/${orderId}`, { cookie }), { id: orderId });
      const cents = (units: number) => Math.round(units * 100);
      expect(
        byItem({
          lines: fromApi.data.lines.map(
            (line: { itemId: number; quantity: number; unitPrice: number; lineTotal: number }) => ({
              itemId: line.itemId,
              quantity: line.quantity,
              unitPriceCents: cents(line.unitPrice),
              lineTotalCents: cents(line.lineTotal),
            }),
          ),
          totals: {
            subtotalCents: cents(fromApi.data.subtotal),
            shippingCents: cents(fromApi.data.shipping),
            taxCents: cents(fromApi.data.tax),
            totalCents: cents(fromApi.data.total),
          },
        }),
      ).toEqual(expected);
    }),
    { numRuns: 40 },
  );
});
