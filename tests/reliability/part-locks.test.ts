import { expect, test } from "vitest";

import { db } from "~/db/db.server";
import { addLinesToCart } from "~/models/cart";
import { saveCartAsList } from "~/models/parts-lists";
import { requestQuote } from "~/services/quotes.server";

import { newItem } from "../support/builders";
import { placeTestOrder } from "../support/orders";
import { createSignedInUser } from "../support/users";

// Every transaction that locks several parts' rows locks them in id order (app/models/part-locks.server.ts).
// A checkout locks the parts it takes stock from in id order; a quote or a parts list made from a cart
// writes lines that point at parts in the cart's order, and PostgreSQL locks each part as it checks the
// reference. In the soak run, a quote of a cart holding C before A and a checkout of A and C each
// held one part and waited for the other: "deadlock detected", a 500.

test("20 checkouts of parts A, B and C and 20 quotes and parts lists of carts holding C, B, A, all at once: none waits on another in a circle", async () => {
  const a = await newItem({ price_cents: 500, quantity: 10_000 });
  const b = await newItem({ price_cents: 600, quantity: 10_000 });
  const c = await newItem({ price_cents: 700, quantity: 10_000 });
  const [buyers, askers] = await Promise.all([
    Promise.all(Array.from({ length: 20 }, () => createSignedInUser())),
    Promise.all(Array.from({ length: 20 }, () => createSignedInUser())),
  ]);
  // Put in one at a time, so each cart lists C first and A last.
  for (const asker of askers) {
    for (const part of [c, b, a]) await addLinesToCart(asker.user.id, [{ itemId: part.id, quantity: 1 }]);
  }

  const outcomes = await Promise.allSettled([
    ...buyers.map(({ user }) =>
      placeTestOrder(
        user.id,
        [a, b, c].map((part) => ({ itemId: part.id, quantity: 1 })),
      ),
    ),
    ...askers.map(({ user }, index) =>
      index % 2 ? requestQuote(user.id, "For the new line") : saveCartAsList(user.id, "Spares"),
    ),
  ]);

  expect(outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [String(outcome.reason)] : []))).toEqual([]);
  const results = outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value.ok : false));
  expect(results).toEqual(outcomes.map(() => true));
  const stock = await db
    .selectFrom("items")
    .select("quantity")
    .where("id", "in", [a.id, b.id, c.id])
    .orderBy("id")
    .execute();
  expect(stock.map((part) => part.quantity)).toEqual([9_980, 9_980, 9_980]);
});
