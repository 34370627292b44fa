import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { contentHash } from "~/lib/media";

import { samplePdf } from "../support/media-samples";
import { type NginxProcess, startNginx } from "../support/nginx";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { createSignedInUser } from "../support/users";
import { customersWithCarts, makeParts, openCheckout, placeOrder } from "./checkouts";
import { recordStats } from "./support";

// Three app servers, each its own process and port, on one database behind nginx, configured as
// deploy/nginx/storefront.conf ships (issue 28, docs/operations.md "Several servers").

const SERVERS = 3;
const SIGN_IN_POINTS = 6;
let servers: ServerProcess[];
let nginx: NginxProcess;

beforeAll(async () => {
  servers = await Promise.all(
    Array.from({ length: SERVERS }, () =>
      startServer({ env: { TRUST_PROXY: "loopback", RATE_LIMIT_POINTS: String(SIGN_IN_POINTS) } }),
    ),
  );
  nginx = await startNginx(servers.map((server) => server.port));
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all((servers ?? []).map((server) => server.stop()));
});

/**
 * Which app server answered: the one whose access log holds the answer's request id. The log line
 * is written as the answer ends and may reach this process a moment after the answer does.
 */
async function answeredBy(response: Response) {
  const requestId = response.headers.get("X-Request-Id") ?? "(none)";
  const until = Date.now() + 2_000;
  for (;;) {
    const index = servers.findIndex((server) => server.output().includes(requestId));
    if (index !== -1 || Date.now() > until) return index;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test("a signed-in buyer's session and cart hold whichever server answers", async () => {
  const { cookie, user } = await createSignedInUser();
  const parts = await makeParts("Everywhere", { count: 3, stock: 50 });
  const answering = new Set<number>();
  for (let round = 0; round < 6; round++) {
    const added = await postForm(
      nginx.origin,
      "/cart",
      { intent: "add", itemId: String(parts[round % 3].id), quantity: "1" },
      { cookie },
    );
    expect(added.status, `add ${round}`).toBeLessThan(400);
    answering.add(await answeredBy(added));
  }
  for (let round = 0; round < 3; round++) {
    const page = await fetch(`${nginx.origin}/cart`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const part of parts) expect(html).toContain(part.name);
    answering.add(await answeredBy(page));
  }
  expect(answering.has(-1)).toBe(false);
  expect(answering.size).toBe(SERVERS);
  const lines = await db
    .selectFrom("cart_lines")
    .innerJoin("carts", "carts.id", "cart_lines.cart_id")
    .select(["item_id", "quantity"])
    .where("carts.user_id", "=", user.id)
    .orderBy("item_id")
    .execute();
  // Parts made at once need not get their ids in the order they were asked for (PostgreSQL).
  const byId = parts.map((part) => part.id).sort((a, b) => a - b);
  expect(lines).toEqual(byId.map((id) => ({ item_id: id, quantity: 2 })));
});

test("a file uploaded through one server is served by every server", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const [part] = await makeParts("Datasheet", { count: 1 });
  const pdf = samplePdf();
  const form = new FormData();
  form.append("intent", "add-document");
  form.append("document", new File([pdf], "datasheet.pdf", { type: "application/pdf" }));
  const uploaded = await fetch(`${nginx.origin}/dashboard/manage-product/${part.id}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Origin: nginx.origin, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
  });
  expect(uploaded.status).toBe(302);
  const address = `/media/${await contentHash(pdf)}-original.pdf`;
  for (const server of servers) {
    const response = await fetch(`${server.origin}${address}`);
    expect(response.status, server.origin).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
  }
});

test("sign-in attempts are counted across servers: the limit holds whichever server is asked", async () => {
  const { user } = await createSignedInUser();
  const statuses: number[] = [];
  const answering = new Set<number>();
  for (let attempt = 0; attempt < SIGN_IN_POINTS * 2; attempt++) {
    const response = await postForm(nginx.origin, "/sign-in", { email: user.email, password: "not-the-password" });
    statuses.push(response.status);
    answering.add(await answeredBy(response));
  }
  expect(answering.size).toBe(SERVERS);
  // No more wrong guesses get through than one server alone would allow.
  expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(SIGN_IN_POINTS);
  expect(statuses.at(-1)).toBe(429);
});

test(`kill -9 of one server during 60 checkouts and a catalog load: no order lost or doubled, nginx goes round it`, async () => {
  const parts = await makeParts("Survivor", { stock: 1000 });
  const customers = await customersWithCarts(
    "survivor",
    60,
    parts.map((part) => part.id),
    20_261_128,
  );
  const forms = await Promise.all(customers.map((customer) => openCheckout(nginx.origin, customer.cookie)));
  let browsing = true;
  const catalogStatuses: number[] = [];
  let cut = 0;
  const catalogLoad = (async () => {
    while (browsing) {
      try {
        const response = await fetch(`${nginx.origin}/items`);
        await response.arrayBuffer();
        catalogStatuses.push(response.status);
      } catch {
        // A page whose body was on its way when its server died is cut off: nothing can save it.
        cut += 1;
      }
    }
  })();
  const victim = servers[SERVERS - 1];
  const checkouts = customers.map(async (customer, index) => {
    if (index === 20) await victim.kill9();
    // A buyer who gets an error sends the same form again, as the browser's Back and Place Order would.
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await placeOrder(nginx.origin, customer, forms[index]).catch(() => null);
      if (response?.status === 302) return true;
    }
    return false;
  });
  const placed = await Promise.all(checkouts);
  browsing = false;
  await catalogLoad;

  expect(placed.every(Boolean)).toBe(true);
  for (const customer of customers) {
    const orders = await db.selectFrom("orders").select("id").where("user_id", "=", customer.id).execute();
    expect(orders, `customer ${customer.id}`).toHaveLength(1);
  }
  // The catalog kept answering: whatever reached the dead server was tried on the next.
  const failed = catalogStatuses.filter((status) => status >= 500).length;
  expect(failed).toBe(0);
  expect(cut).toBeLessThanOrEqual(1);
  // nginx routes round it from now on, and the server says it is gone to anyone who asks it.
  for (let round = 0; round < 6; round++) {
    const response = await fetch(`${nginx.origin}/readyz`);
    expect(response.status).toBe(200);
    expect(await answeredBy(response)).not.toBe(SERVERS - 1);
  }
  await expect(fetch(`${victim.origin}/readyz`)).rejects.toThrow();
  recordStats({
    suite: "several servers",
    requests: customers.length + catalogStatuses.length,
    failures: failed,
    serverErrors: failed,
    oversells: 0,
    ordersLost: placed.filter((ok) => !ok).length,
  });
});
