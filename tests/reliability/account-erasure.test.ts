import { setTimeout } from "node:timers/promises";

import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { OPEN_ORDER_STATUSES } from "~/lib/statuses";
import { eraseAccount } from "~/models/account-erasure.server";
import { addLinesToCart } from "~/models/cart";
import { addMember } from "~/models/company";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { placeTestOrder } from "../support/orders";
import type { ServerProcess } from "../support/server";
import { createSignedInUser, TEST_PASSWORD } from "../support/users";
import { openCheckout, SHIPPING } from "./checkouts";
import { postForm, startCluster } from "./support";

// "Delete my account" under concurrency (issue 53), two app processes on one database: a company's
// two admins leaving at the same moment cannot leave it without one, and an account deleted while
// its owner places an order either refuses (the order came first and is on its way) or comes first
// (the order is refused): never an open order on an erased account.

let shop: ServerProcess | undefined;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

const deleteAccount = (cookie: string) =>
  postForm(shop!.origin, "/dashboard/my-profile", { intent: "delete-account", password: TEST_PASSWORD }, { cookie });

test("10 companies' two admins delete their accounts at the same moment: each company keeps exactly one", async () => {
  const companies = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const { companyId, admin } = await newCompany();
      const second = await createSignedInUser({ displayName: "Second Admin" });
      const added = await addMember(companyId, second.user.email, {
        role: "admin",
        orderLimitCents: null,
        monthlyLimitCents: null,
      });
      if (!added.ok) throw new Error(added.reason);
      return { companyId, admins: [admin, second] };
    }),
  );

  const answers = await Promise.all(
    companies.flatMap(({ admins }) => admins.map((admin) => deleteAccount(admin.cookie))),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(statuses.filter((status) => status === 302)).toHaveLength(10);
  expect(statuses.filter((status) => status === 409)).toHaveLength(10);
  for (const { companyId } of companies) {
    const admins = await db
      .selectFrom("company_members")
      .innerJoin("users", "users.id", "company_members.user_id")
      .select(["users.erased_at"])
      .where("company_members.company_id", "=", companyId)
      .where("company_members.role", "=", "admin")
      .execute();
    expect(admins).toEqual([{ erased_at: null }]);
  }
});

test("10 staff delete their accounts at the same moment: none waits on another in a circle, and the shop keeps an admin", async () => {
  const staff = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser({ role: "admin" })));
  const admins = () =>
    db.selectFrom("users").select("id").where("role", "=", "admin").where("erased_at", "is", null).execute();
  const others = (await admins()).length - staff.length;
  const answers = await Promise.all(staff.map((admin) => deleteAccount(admin.cookie)));
  const statuses = answers.map((answer) => answer.status).sort();
  // With no other admin, exactly one of the ten is refused as the shop's last: whichever came last.
  expect(statuses).toEqual(others > 0 ? Array(10).fill(302) : [...Array(9).fill(302), 409]);
  expect((await admins()).length).toBe(Math.max(others, 1));
});

test("20 customers place an order and delete their account at the same moment: never an open order on an erased account", async () => {
  const part = await newItem({ price_cents: 1_200, quantity: 1_000 });
  const customers = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const customer = await createSignedInUser();
      await addLinesToCart(customer.user.id, [{ itemId: part.id, quantity: 2 }]);
      return { ...customer, form: await openCheckout(shop!.origin, customer.cookie) };
    }),
  );

  const outcomes = await Promise.all(
    customers.map(async (customer, index) => {
      // The erasure checks a password first (a tenth of a second of scrypt): the orders set off
      // across that time, so some arrive before the erasure's transaction and some after.
      const [order, erasure] = await Promise.all([
        setTimeout(index * 50).then(() =>
          postForm(shop!.origin, "/checkout", { ...SHIPPING, ...customer.form }, { cookie: customer.cookie }),
        ),
        deleteAccount(customer.cookie),
      ]);
      return { id: customer.user.id, order: order.status, erasure: erasure.status };
    }),
  );
  expect(outcomes.filter((outcome) => outcome.order >= 500 || outcome.erasure >= 500)).toEqual([]);

  for (const outcome of outcomes) {
    const account = await db
      .selectFrom("users")
      .select("erased_at")
      .where("id", "=", outcome.id)
      .executeTakeFirstOrThrow();
    const orders = await db.selectFrom("orders").select("status").where("user_id", "=", outcome.id).execute();
    if (account.erased_at) {
      // Erased first: the order was refused, or never began (its session was gone).
      expect(outcome.erasure, `customer ${outcome.id}`).toBe(302);
      expect(orders, `customer ${outcome.id}`).toEqual([]);
    } else {
      // The order came first: it is on its way, and the erasure said so.
      expect(outcome.erasure, `customer ${outcome.id}`).toBe(409);
      expect(orders.map((order) => order.status)).toEqual(["pending"]);
    }
  }
  const openOnErased = await db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select("orders.id")
    .where("users.erased_at", "is not", null)
    .where("orders.status", "in", OPEN_ORDER_STATUSES)
    .execute();
  expect(openOnErased).toEqual([]);
  // Stock is what the placed orders took.
  const placed = outcomes.filter((outcome) => outcome.erasure === 409).length;
  const stock = await db.selectFrom("items").select("quantity").where("id", "=", part.id).executeTakeFirstOrThrow();
  expect(stock.quantity).toBe(1_000 - 2 * placed);
});

test("the same race inside the database: 30 orders and erasures begun together in one process, none left open on an erased account", async () => {
  const part = await newItem({ price_cents: 900, quantity: 1_000 });
  const customers = await Promise.all(Array.from({ length: 30 }, () => createSignedInUser()));
  const results = await Promise.all(
    customers.map(async ({ user }, index) => {
      const [order, erasure] = await Promise.all([
        setTimeout(index % 3).then(() => placeTestOrder(user.id, { itemId: part.id, quantity: 1 })),
        setTimeout(2 - (index % 3)).then(() => eraseAccount(user.id)),
      ]);
      return { id: user.id, order, erasure };
    }),
  );
  for (const { order, erasure } of results) {
    // Exactly one of them came first, and the other saw it.
    if (erasure.ok) expect(order).toEqual({ ok: false, reason: "no-account" });
    else expect([erasure, order.ok]).toEqual([{ ok: false, reason: "open-orders", count: 1 }, true]);
  }
  const ids = results.map((result) => result.id);
  const openOnErased = await db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select("orders.id")
    .where("users.id", "in", ids)
    .where("users.erased_at", "is not", null)
    .execute();
  expect(openOnErased).toEqual([]);
  const placed = results.filter((result) => result.order.ok).length;
  const stock = await db.selectFrom("items").select("quantity").where("id", "=", part.id).executeTakeFirstOrThrow();
  expect(stock.quantity).toBe(1_000 - placed);
});
