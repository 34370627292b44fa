import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";

import { newItem } from "../support/builders";
import type { ServerProcess } from "../support/server";
import { createSignedInUser, TEST_PASSWORD } from "../support/users";
import { pidsInLog, postForm, recordStats, startCluster } from "./support";

// Every rate-limited action, hit by a concurrent burst through two app processes at once: the
// point is taken before the work, in the shared database, so no more than the limit's worth of
// attempts get an answer other than 429, and no more than that many rows are written.

const POINTS = 4;
let shop: ServerProcess;
const totals = { requests: 0, failures: 0, serverErrors: 0 };

beforeAll(async () => {
  // One cluster for the whole file, with a small limit: two processes sharing one count.
  shop = await startCluster(2, { RATE_LIMIT_POINTS: String(POINTS) });
  burstItemId = (await newItem({ quantity: 100_000 })).id;
});

afterAll(async () => {
  await shop?.stop();
  recordStats({ suite: "bursts", ...totals, oversells: 0, ordersLost: 0 });
});

type CountedTable = "messages" | "reviews" | "api_keys" | "users" | "carts";

async function count(table: CountedTable) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Burst = {
  name: string;
  /** How many attempts the limit lets through (a policy may scale RATE_LIMIT_POINTS). */
  allowed: number;
  send: (index: number, cookie: string) => Promise<Response>;
  table?: CountedTable;
};

const bursts: Burst[] = [
  {
    name: "sign-in: wrong passwords for one account",
    allowed: POINTS,
    send: (index) => postForm(shop.origin, "/sign-in", { email: burstAccount, password: `guess-${index}` }),
  },
  {
    name: "sign-up: one email",
    allowed: POINTS,
    send: (index) =>
      postForm(shop.origin, "/sign-up", {
        name: "Burst",
        email: `burst-signup-${runId}@example.com`,
        password: `password-${index}`,
      }),
    table: "users",
  },
  {
    name: "password change: wrong current passwords",
    allowed: POINTS,
    send: (index, cookie) =>
      postForm(
        shop.origin,
        "/dashboard/my-profile",
        { intent: "password", currentPassword: `guess-${index}`, newPassword: "a-new-password" },
        { cookie },
      ),
  },
  {
    name: "contact messages",
    allowed: POINTS,
    send: (index) =>
      postForm(shop.origin, "/contact", { name: "Burst", email: "burst@example.com", message: `Message ${index}` }),
    table: "messages",
  },
  {
    name: "reviews",
    allowed: POINTS,
    send: (index, cookie) =>
      postForm(
        shop.origin,
        "/dashboard/add-review",
        { name: "Burst", rating: "2", review: `Review ${index}` },
        { cookie },
      ),
    table: "reviews",
  },
  {
    name: "reviews through the API",
    allowed: POINTS,
    send: (index, cookie) =>
      fetch(`${shop.origin}/api/review`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: shop.origin,
          "Sec-Fetch-Site": "same-origin",
          Cookie: cookie,
        },
        body: JSON.stringify({ name: "Burst", rating: 2, review: `API review ${index}` }),
      }),
    table: "reviews",
  },
  {
    name: "API key creation",
    allowed: POINTS * 3,
    send: (index, cookie) =>
      postForm(shop.origin, "/dashboard/api-keys", { intent: "create", name: `Burst key ${index}` }, { cookie }),
    table: "api_keys",
  },
  {
    // Each visitor's first Add to Cart makes a cart: a script without a cookie cannot make them without end.
    name: "visitors' carts from one client",
    allowed: POINTS * 6,
    send: () =>
      postForm(shop.origin, "/cart", { intent: "add", itemId: String(burstItemId), quantity: "1", returnTo: "/" }),
    table: "carts",
  },
  {
    name: "make admin",
    allowed: POINTS * 3,
    send: (_index, cookie) =>
      postForm(
        shop.origin,
        "/dashboard/make-admin",
        { intent: "promote", email: "nobody-here@example.com" },
        { cookie },
      ),
  },
];

const runId = Date.now().toString(36);
let burstAccount = "";
let burstItemId = 0;

describe("concurrent bursts against every rate-limited action, through two processes", () => {
  test.each(bursts.map((burst) => [burst.name, burst] as const))("%s", async (_name, burst) => {
    await db.deleteFrom("rate_limits" as never).execute();
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    burstAccount = user.email;
    const before = burst.table ? await count(burst.table) : 0;
    const attempts = burst.allowed * 4;
    const responses = await Promise.all(Array.from({ length: attempts }, (_, index) => burst.send(index, cookie)));
    const statuses = responses.map((response) => response.status);
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    totals.requests += attempts;
    totals.serverErrors += statuses.filter((status) => status >= 500).length;
    const answered = statuses.filter((status) => status !== 429).length;
    if (answered > burst.allowed) totals.failures += answered - burst.allowed;

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(answered).toBeLessThanOrEqual(burst.allowed);
    expect(answered).toBeGreaterThan(0);
    if (burst.table) expect((await count(burst.table)) - before).toBeLessThanOrEqual(burst.allowed);
  });

  test("once the limit is used up, a burst holding the right password is refused in full", async () => {
    await db.deleteFrom("rate_limits" as never).execute();
    const { user } = await createSignedInUser();
    for (let attempt = 0; attempt < POINTS; attempt++) {
      expect(
        (await postForm(shop.origin, "/sign-in", { email: user.email, password: `guess-${attempt}` })).status,
      ).toBe(401);
    }
    const burst = Array.from({ length: POINTS * 4 }, (_, index) =>
      postForm(shop.origin, "/sign-in", { email: user.email, password: index % 2 ? TEST_PASSWORD : `guess-${index}` }),
    );
    const statuses = (await Promise.all(burst)).map((response) => response.status);
    totals.requests += POINTS + statuses.length;
    expect(new Set(statuses)).toEqual(new Set([429]));
    // Another account is not touched by it.
    const other = await createSignedInUser();
    expect((await postForm(shop.origin, "/sign-in", { email: other.user.email, password: TEST_PASSWORD })).status).toBe(
      302,
    );
  });

  test("both processes answered", () => {
    expect(pidsInLog(shop.output()).size).toBe(2);
  });
});
