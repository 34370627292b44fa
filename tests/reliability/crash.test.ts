import { afterAll, expect, test } from "vitest";
import { db } from "~/db/db.server";
import { createItem } from "~/models/item.server";
import { createUser } from "~/models/user.server";
import { sessionCookieFor } from "../support/users";
import { type AppProcess, postForm, recordStats, startApp } from "./support";

const STARTING_STOCK = 400;
const apps: AppProcess[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
});

test("kill -9 one app process while orders are placed: every answered order exists and stock adds up", async () => {
  const items = await Promise.all(
    [0, 1, 2].map((index) => createItem({ name: `Crash Test Bearing ${index}`, img: "/images/items/ball-bearing.svg", description: "Survives crashes.", price_cents: 990, quantity: STARTING_STOCK, supplier_name: "Norda Bearings" })),
  );
  const user = await createUser({ email: `crash-${items[0].id}@example.com`, displayName: "Crash Tester" });
  const cookie = await sessionCookieFor(user);
  const survivor = await startApp(3403);
  let victim = await startApp(3402);
  apps.push(victim, survivor);

  const answered: string[] = []; // the unique address of every order whose request got a success answer
  let sent = 0;
  let unanswered = 0; // expected: requests in flight to, or sent to, the killed process
  let unexpected = 0;
  let serverErrors = 0;

  async function placeOrders(count: number, concurrency: number, targets: () => AppProcess[]) {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const index = next++;
          const tag = `Crash-${sent++}`;
          const item = items[index % items.length];
          const target = targets()[index % targets().length];
          try {
            const response = await postForm(target.origin, `/order/${item.id}`, { quantity: String(1 + (index % 3)), address: tag, phone: "+1 555 0100" }, cookie);
            if (response.status === 302) answered.push(tag);
            else if (response.status >= 500) serverErrors++;
            else unexpected++;
          } catch {
            unanswered++; // the connection died with the process: no answer, so no promise was made
          }
        }
      }),
    );
  }

  const during = placeOrders(150, 12, () => [victim, survivor]);
  await new Promise((resolve) => setTimeout(resolve, 150));
  await victim.kill9();
  await during;

  // The killed process comes back on the same database and takes orders again.
  victim = await startApp(3402);
  apps.push(victim);
  await placeOrders(30, 6, () => [victim, survivor]);

  const orders = await db.selectFrom("orders").select(["address", "item_id", "quantity", "status"]).where("user_id", "=", user.id).execute();
  const stored = new Set(orders.map((order) => order.address));
  const lost = answered.filter((tag) => !stored.has(tag));

  const stockErrors: string[] = [];
  for (const item of items) {
    const { quantity } = await db.selectFrom("items").select("quantity").where("id", "=", item.id).executeTakeFirstOrThrow();
    const ordered = orders.filter((order) => order.item_id === item.id && order.status !== "cancelled").reduce((sum, order) => sum + order.quantity, 0);
    if (quantity + ordered !== STARTING_STOCK) stockErrors.push(`${item.name}: ${quantity} in stock + ${ordered} ordered ≠ ${STARTING_STOCK}`);
  }

  console.log(`crash: ${answered.length} orders answered, ${unanswered} requests unanswered because their process was killed`);
  recordStats({ suite: "crash", requests: sent, failures: unexpected, serverErrors, oversells: stockErrors.length, ordersLost: lost.length });
  expect(unexpected).toBe(0);
  expect(serverErrors).toBe(0);
  expect(lost).toEqual([]);
  expect(stockErrors).toEqual([]);
  expect(answered.length).toBeGreaterThan(30);
});
