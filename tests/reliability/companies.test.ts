import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { addLinesToCart } from "~/models/cart";
import { creditUsed } from "~/models/trade-terms.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import type { ServerProcess } from "../support/server";
import { sessionCookieFor } from "../support/users";
import { type Customer, openCheckout, placeOrder } from "./checkouts";
import { startCluster } from "./support";

// The credit limit under load (issue 27): 50 members of one company on account check out at once
// through two app processes on one database, against a limit that admits 20 of their orders. The
// limit is checked inside each checkout's transaction with the company's row taken first, so the
// members are counted one after another: 20 orders, 30 clear refusals, never a cent over.

let shop: ServerProcess | undefined;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

test("50 members check out at once against a credit limit that admits 20: 20 orders, 30 refusals, never over the limit", async () => {
  const part = await newItem({ name: "Credit-limited bearing", price_cents: 4_500, quantity: 500 });
  const company = await newCompany({ members: Array.from({ length: 50 }, () => ({ role: "buyer" as const })) });
  const members: Customer[] = await Promise.all(
    company.members.map(async ({ user }) => {
      await addLinesToCart(user.id, [{ itemId: part.id, quantity: 2 }]);
      return { id: user.id, cookie: await sessionCookieFor(user), cart: new Map([[part.id, 2]]) };
    }),
  );
  const origin = shop!.origin;
  const forms = await Promise.all(members.map((member) => openCheckout(origin, member.cookie)));
  const orderTotal = Number(forms[0].expectedTotal);
  const limit = orderTotal * 20 + orderTotal - 1;
  await db.updateTable("companies").set({ credit_limit_cents: limit }).where("id", "=", company.companyId).execute();

  const answers = await Promise.all(
    members.map(async (member, index) => {
      const response = await placeOrder(origin, member, forms[index], AbortSignal.timeout(30_000));
      return { status: response.status, body: response.status === 302 ? "" : await response.text() };
    }),
  );
  const placed = answers.filter((answer) => answer.status === 302);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  expect(placed).toHaveLength(20);
  expect(refused).toHaveLength(30);
  for (const answer of refused) expect(answer.body).toContain("over your company&#x27;s credit limit");

  const orders = await db
    .selectFrom("orders")
    .select(["total_cents", "payment_method", "status"])
    .where("company_id", "=", company.companyId)
    .execute();
  expect(orders).toHaveLength(20);
  expect(orders.every((order) => order.payment_method === "account" && order.status === "pending")).toBe(true);
  const used = await creditUsed(company.companyId);
  expect(used).toBe(orderTotal * 20);
  expect(used).toBeLessThanOrEqual(limit);
  // Refused checkouts wrote nothing: the stock is what the 20 orders took.
  const stock = await db.selectFrom("items").select("quantity").where("id", "=", part.id).executeTakeFirstOrThrow();
  expect(stock.quantity).toBe(500 - 20 * 2);
});
