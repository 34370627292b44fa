import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, expect, test } from "vitest";

import { getItem } from "~/models/item";
import { getUserById } from "~/models/user.server";

import { newItem } from "../support/builders";
import { ordersOfItem } from "../support/orders";
import type { ServerProcess } from "../support/server";
import { newUser, sessionCookieFor } from "../support/users";
import { pidsInLog, postForm, recordStats, startCluster } from "./support";

const STOCK = 50;
const REQUESTS = 200;
let shop: ServerProcess;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

test(`two app processes (cluster), ${REQUESTS} concurrent orders of 1 against ${STOCK} in stock: exactly ${STOCK} orders, stock 0, no 5xx`, async () => {
  const item = await newItem({
    name: "Contended Gear",
    img: "/images/items/spur-gear.svg",
    description: "The last ones.",
    price_cents: 2500,
    quantity: STOCK,
    supplier_name: "Gearwright Works",
    // Sold from stock only: more than the stock is refused, not taken on backorder.
    allow_backorder: 0,
  });
  const buyers = await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const user = await newUser({ email: `buyer-${index}-${item.id}@example.com`, displayName: `Buyer ${index}` });
      return sessionCookieFor(user);
    }),
  );

  const responses = await Promise.all(
    Array.from({ length: REQUESTS }, (_, index) =>
      postForm(
        shop.origin,
        `/order/${item.id}`,
        { quantity: "1", address: `Dock ${index}`, phone: "+44 20 7946 0000", checkoutToken: randomUUID() },
        { cookie: buyers[index % buyers.length] },
      ).then((response) => response.status),
    ),
  );

  const placed = responses.filter((status) => status === 302).length;
  const refused = responses.filter((status) => status === 409).length;
  const serverErrors = responses.filter((status) => status >= 500).length;
  const orders = { n: (await ordersOfItem(item.id)).length };
  const stock = (await getItem(item.id))!.quantity;

  expect(serverErrors).toBe(0);
  expect(placed).toBe(STOCK);
  expect(refused).toBe(REQUESTS - STOCK);
  expect(Number(orders.n)).toBe(STOCK);
  expect(stock).toBe(0);

  // Every buyer cancels every order twice at once, through both processes: each cancellation reads
  // the order and then writes, the case where SQLite needs BEGIN IMMEDIATE. Stock comes back once.
  const placedOrders = await ordersOfItem(item.id);
  const cookieOf = new Map(
    await Promise.all(
      placedOrders.map(
        async (order) => [order.user_id, await sessionCookieFor((await getUserById(order.user_id))!)] as const,
      ),
    ),
  );
  const cancels = await Promise.all(
    placedOrders.flatMap((order) =>
      [0, 1].map(() =>
        postForm(
          shop.origin,
          "/dashboard/my-order",
          { intent: "cancel", orderId: String(order.id) },
          { cookie: cookieOf.get(order.user_id) },
        ).then((response) => response.status),
      ),
    ),
  );
  const cancelled = cancels.filter((status) => status === 302).length;
  const cancelServerErrors = cancels.filter((status) => status >= 500).length;
  const restocked = (await getItem(item.id))!.quantity;

  recordStats({
    suite: "oversell",
    requests: REQUESTS + cancels.length,
    failures: REQUESTS - placed - refused + cancels.filter((status) => status !== 302 && status !== 409).length,
    serverErrors: serverErrors + cancelServerErrors,
    oversells: Math.max(0, Number(orders.n) - STOCK) + Math.max(0, restocked - STOCK),
    ordersLost: Math.max(0, placed - Number(orders.n)),
  });
  expect(cancelServerErrors).toBe(0);
  // Both processes took orders and cancellations.
  expect(pidsInLog(shop.output()).size).toBe(2);
  expect(cancelled).toBe(STOCK);
  expect(restocked).toBe(STOCK);
});
