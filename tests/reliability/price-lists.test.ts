import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { addLinesToCart } from "~/models/cart";
import { addPriceListRule, assignPriceList, createPriceList } from "~/models/price-lists";

import type { ServerProcess } from "../support/server";
import { newUser, sessionCookieFor } from "../support/users";
import { createSignedInUser } from "../support/users";
import { type Customer, makeParts, openCheckout, placeOrder } from "./checkouts";
import { recordStats, startCluster } from "./support";

// Contract prices under a price-list import (issue 50): 50 buyers with the list check out through
// two app processes while staff apply its rules file again and again, switching every part between
// two sets of prices, and one process is killed mid-way. Every order is priced wholly by one set or
// wholly by the other, never a mix, and the list's rules are always one whole file.

let shop: ServerProcess | undefined;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

const BUYERS = 50;
const ROUNDS = 7;
const HEADER = "part_number,category,percent_off,unit_price,breaks";

/** A part's price from 2 units on: every file's rules have a break, read apart from the rule itself. */
const BREAK_OFF = 20;
const money = (cents: number) => (cents / 100).toFixed(2);

function rulesFile(parts: { part_number: string }[], cents: number[]) {
  const rows = parts.map(
    (part, index) => `${part.part_number},,,${money(cents[index])},2:${money(cents[index] - BREAK_OFF)}`,
  );
  return [HEADER, ...rows].join("\r\n");
}

/** Staff's upload and Apply of a rules file, as the list page posts them. */
async function importRules(origin: string, cookie: string, listId: number, text: string) {
  const form = new FormData();
  form.append("intent", "check-import");
  form.append("file", new File([text], "rules.csv", { type: "text/csv" }));
  const headers = { Origin: origin, "Sec-Fetch-Site": "same-origin", Cookie: cookie };
  const checked = await fetch(`${origin}/dashboard/price-lists/${listId}`, {
    method: "POST",
    body: form,
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  const importId = new URL(checked.headers.get("Location") ?? "/", origin).searchParams.get("import");
  if (checked.status !== 302 || !importId) return checked.status;
  const applied = await fetch(`${origin}/dashboard/price-lists/${listId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "apply-import", importId }),
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  return applied.status;
}

/** A buyer opens checkout and places the order, again with the new figures when prices moved meanwhile. */
async function checkOut(origin: string, customer: Customer, outcome: Record<string, number>) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    // An order the killed process committed without answering is in the buyer's orders.
    if (await db.selectFrom("orders").select("id").where("user_id", "=", customer.id).executeTakeFirst()) {
      return void (outcome.placed += 1);
    }
    try {
      const form = await openCheckout(origin, customer.cookie, AbortSignal.timeout(10_000));
      const response = await placeOrder(origin, customer, form, AbortSignal.timeout(10_000));
      if (response.status === 302 || response.status === 303) return void (outcome.placed += 1);
      if (response.status >= 500) outcome.serverErrors += 1;
      else if (response.status === 409) outcome.pricesMoved += 1;
      else outcome.unexpected += 1;
    } catch {
      outcome.unanswered += 1; // in flight to the killed process: no answer; the buyer tries again
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(50 * attempt, 300)));
  }
  outcome.gaveUp += 1;
}

test("50 buyers check out while staff apply a rules file over and over: each order wholly old prices or wholly new; kill -9 mid-way", async () => {
  const cluster = shop!;
  const admin = await createSignedInUser({ role: "admin" });
  const parts = await makeParts("price-import", { count: 4, stock: 10_000 });
  const oldCents = parts.map((_, index) => 600 + index * 10);
  const newCents = oldCents.map((cents) => cents - 37);
  const listId = await createPriceList({ name: "Storm", validFrom: null, validUntil: null, fixedEvenIfHigher: false });
  for (const [index, part] of parts.entries()) {
    await addPriceListRule(listId, {
      kind: "part",
      partNumber: part.part_number,
      unitPriceCents: oldCents[index],
      breaks: [{ minQuantity: 2, priceCents: oldCents[index] - BREAK_OFF }],
    });
  }
  const customers = await Promise.all(
    Array.from({ length: BUYERS }, async (_, index): Promise<Customer> => {
      const user = await newUser({
        email: `price-import-${index}-${parts[0].id}@example.com`,
        displayName: `Buyer ${index}`,
      });
      await assignPriceList(listId, { email: user.email }, 0);
      const cart = new Map(parts.map((part, at) => [part.id, 1 + ((index + at) % 3)]));
      await addLinesToCart(
        user.id,
        [...cart].map(([itemId, quantity]) => ({ itemId, quantity })),
      );
      return { id: user.id, cookie: await sessionCookieFor(user), cart };
    }),
  );

  const outcome = { placed: 0, pricesMoved: 0, unanswered: 0, unexpected: 0, serverErrors: 0, gaveUp: 0 };
  const imports = { applied: 0, other: 0, unanswered: 0 };
  // Seven files, a fifth of a second apart: new prices, old, new … ending on the new.
  const staff = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let round = 0; round < ROUNDS; round += 1) {
      try {
        const file = rulesFile(parts, round % 2 ? oldCents : newCents);
        const status = await importRules(cluster.origin, admin.cookie, listId, file);
        if (status === 302) imports.applied += 1;
        else imports.other += 1;
      } catch {
        imports.unanswered += 1; // in flight to the killed process: applied wholly or not at all
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Half way, one process dies with buyers' requests in flight.
      if (round === 2) process.kill(cluster.workerPids()[0], "SIGKILL");
    }
  })();
  // The buyers arrive over two and a half seconds, so orders are placed before, between and after the files.
  const buyers = Promise.all(
    customers.map(async (customer, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 50));
      await checkOut(cluster.origin, customer, outcome);
    }),
  );
  await Promise.all([buyers, staff]);
  await cluster.waitForWorkers(2);

  const lines = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select(["orders.id as order_id", "order_lines.item_id", "order_lines.quantity", "order_lines.unit_price_cents"])
    .where(
      "orders.user_id",
      "in",
      customers.map((customer) => customer.id),
    )
    .execute();
  const orders = new Map<number, Map<number, number>>();
  for (const line of lines) {
    const order = orders.get(line.order_id) ?? new Map<number, number>();
    // A line's price as its rule's: the break's from 2 units on.
    const breakTaken = line.quantity >= 2 ? BREAK_OFF : 0;
    order.set(line.item_id!, Number(line.unit_price_cents) + breakTaken);
    orders.set(line.order_id, order);
  }
  const priced = (set: number[]) => (order: Map<number, number>) =>
    parts.every((part, index) => order.get(part.id) === set[index]);
  const mixed = [...orders.values()].filter((order) => !priced(oldCents)(order) && !priced(newCents)(order));
  const byOld = [...orders.values()].filter(priced(oldCents)).length;

  const rules = await db
    .selectFrom("price_list_rules")
    .leftJoin("price_list_rule_breaks", "price_list_rule_breaks.rule_id", "price_list_rules.id")
    .select(["item_id", "unit_price_cents", "price_list_rule_breaks.price_cents as break_cents"])
    .where("price_list_id", "=", listId)
    .execute();
  const ruleOf = new Map(rules.map((rule) => [rule.item_id, rule]));
  const listIsOneFile = [oldCents, newCents].some(
    (set) =>
      rules.length === parts.length &&
      parts.every((part, index) => {
        const rule = ruleOf.get(part.id);
        return Number(rule?.unit_price_cents) === set[index] && Number(rule?.break_cents) === set[index] - BREAK_OFF;
      }),
  );

  console.log(
    `price-list import storm: ${imports.applied} files applied (${imports.unanswered} unanswered); ` +
      `${outcome.placed} orders (${byOld} at the old prices), ${outcome.pricesMoved} told prices moved, ` +
      `${outcome.unanswered} unanswered under kill -9`,
  );
  recordStats({
    suite: "price-list-import",
    requests: outcome.placed + outcome.pricesMoved + outcome.unanswered + imports.applied * 2,
    failures: outcome.unexpected + imports.other,
    serverErrors: outcome.serverErrors,
    oversells: 0,
    ordersLost: 0,
  });
  expect(mixed).toEqual([]);
  expect(listIsOneFile).toBe(true);
  expect(outcome).toMatchObject({ placed: BUYERS, unexpected: 0, serverErrors: 0, gaveUp: 0 });
  expect(orders.size).toBe(BUYERS);
  expect(imports.applied + imports.unanswered).toBe(ROUNDS);
  expect(imports.other).toBe(0);
  // Both sets of prices were charged: the files were applied while orders were being placed.
  expect(byOld).toBeGreaterThan(0);
  expect(BUYERS - byOld).toBeGreaterThan(0);
});
