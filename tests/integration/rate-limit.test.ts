import { randomUUID } from "node:crypto";

import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import * as apiOrders from "~/routes/api.order";
import * as contact from "~/routes/contact";
import * as addReview from "~/routes/dashboard.add-review";
import * as apiKeys from "~/routes/dashboard.api-keys";
import * as makeAdmin from "~/routes/dashboard.make-admin";
import * as myOrders from "~/routes/dashboard.my-order";
import * as myProfile from "~/routes/dashboard.my-profile";
import * as orderPage from "~/routes/order.$id";
import * as signIn from "~/routes/sign-in";
import * as signUp from "~/routes/sign-up";
import { takePoints } from "~/web/rate-limit.server";

import { apiRequest, callApi } from "../support/api";
import { newItem } from "../support/builders";
import { call, type Outcome, postRequest } from "../support/http";
import { ordersOfItem, SHIPPING } from "../support/orders";
import { uniqueEmail } from "../support/unique";
import { createSignedInUser, TEST_PASSWORD } from "../support/users";

const LIMIT = 10;

// Per-client limits need the client's address, which only the production server knows: they are
// tested through it, over real HTTP, in tests/server/server.test.ts.

describe("sign-in rate limit", () => {
  test(`after ${LIMIT} failures for one email, even the right password gets 429 with a readable message`, async () => {
    const { user } = await createSignedInUser();
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const outcome = await call(
        signIn.action,
        postRequest("/sign-in", { email: user.email, password: "wrong-password" }),
      );
      expect(outcome.status).toBe(401);
    }
    const blocked = await call(signIn.action, postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(blocked.data.error[""]).toEqual(["Too many attempts. Please wait a minute and try again."]);

    // Another account is not affected, and the count lives in the shared database table.
    const other = await createSignedInUser();
    const fine = await call(
      signIn.action,
      postRequest("/sign-in", { email: other.user.email, password: TEST_PASSWORD }),
    );
    expect(fine.status).toBe(302);
    const row = await db
      .selectFrom("rate_limits" as never)
      .selectAll()
      .where("key" as never, "=", `signInEmail:${user.email}` as never)
      .executeTakeFirst();
    expect(row).toBeDefined();
  });

  test("a successful sign-in clears the failures counted for that account from that client", async () => {
    const { user } = await createSignedInUser();
    for (let attempt = 0; attempt < LIMIT - 1; attempt++) {
      await call(signIn.action, postRequest("/sign-in", { email: user.email, password: "wrong-password" }));
    }
    expect(
      (await call(signIn.action, postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }))).status,
    ).toBe(302);
    for (let attempt = 0; attempt < LIMIT - 1; attempt++) {
      expect(
        (await call(signIn.action, postRequest("/sign-in", { email: user.email, password: "wrong-password" }))).status,
      ).toBe(401);
    }
  });

  test(`a burst of ${LIMIT * 5} concurrent wrong passwords gets at most ${LIMIT} answers other than 429, and the right password inside it is refused too`, async () => {
    const { user } = await createSignedInUser();
    const attempts = Array.from({ length: LIMIT * 5 }, (_, index) =>
      call(
        signIn.action,
        postRequest("/sign-in", {
          email: user.email,
          password: index === LIMIT * 3 ? TEST_PASSWORD : `wrong-${index}`,
        }),
      ),
    );
    const outcomes = await Promise.all(attempts);
    const notLimited = outcomes.filter((outcome) => outcome.status !== 429);
    expect(notLimited.length).toBeLessThanOrEqual(LIMIT);
    expect(outcomes[LIMIT * 3].status).toBe(429);
    expect(outcomes.every((outcome) => outcome.status !== 302)).toBe(true);
  });
});

describe("sign-up rate limit", () => {
  test(`one email may be tried ${LIMIT} times a minute; the next is refused and creates nothing`, async () => {
    const email = uniqueEmail("bulk");
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      // A password too short would be a 400 before any point is taken: these are real attempts.
      await call(signUp.action, postRequest("/sign-up", { name: "Spammer", email, password: "lathe-and-mill-42" }));
    }
    const before = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const blocked = await call(
      signUp.action,
      postRequest("/sign-up", { name: "Spammer", email, password: "lathe-and-mill-42" }),
    );
    expect(blocked.status).toBe(429);
    const after = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("every rate-limited form takes its point before the work, so a burst cannot slip past", () => {
  type Burst = {
    name: string;
    post: (index: number, cookie: string) => Promise<Outcome>;
    limit: number;
    count?: () => Promise<number>;
  };

  async function countOf(table: "messages" | "reviews" | "api_keys") {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  let itemToOrder: ReturnType<typeof newItem> | undefined;

  const bursts: Burst[] = [
    {
      name: "orders from the order page",
      limit: LIMIT,
      post: async (_index, cookie) => {
        const item = await (itemToOrder ??= newItem({ quantity: 10_000 }));
        const fields = { quantity: "1", ...SHIPPING, checkoutToken: randomUUID() };
        return call(orderPage.action, postRequest(`/order/${item.id}`, fields, { cookie }), { id: String(item.id) });
      },
      count: async () => (await ordersOfItem((await (itemToOrder ??= newItem({ quantity: 10_000 }))).id)).length,
    },
    {
      name: "password change (wrong current passwords)",
      limit: LIMIT,
      post: (index, cookie) =>
        call(
          myProfile.action,
          postRequest(
            "/dashboard/my-profile",
            { intent: "password", currentPassword: `guess-${index}`, newPassword: "a-new-password" },
            { cookie },
          ),
        ),
    },
    {
      name: "contact messages",
      limit: LIMIT,
      post: (index) =>
        call(
          contact.action,
          postRequest("/contact", { name: "Flood", email: "flood@example.com", message: `Message ${index}` }),
        ),
      count: () => countOf("messages"),
    },
    {
      name: "reviews",
      limit: LIMIT,
      post: (index, cookie) =>
        call(
          addReview.action,
          postRequest("/dashboard/add-review", { name: "Flood", rating: "1", review: `Review ${index}` }, { cookie }),
        ),
      count: () => countOf("reviews"),
    },
    {
      name: "API key creation",
      limit: LIMIT * 3,
      post: (index, cookie) =>
        call(
          apiKeys.action,
          postRequest("/dashboard/api-keys", { intent: "create", name: `Key ${index}` }, { cookie }),
        ),
      count: () => countOf("api_keys"),
    },
    {
      name: "make admin",
      limit: LIMIT * 3,
      post: (_index, cookie) =>
        call(
          makeAdmin.action,
          postRequest("/dashboard/make-admin", { intent: "promote", email: "nobody-at-all@example.com" }, { cookie }),
        ),
    },
  ];

  test.each(bursts.map((burst) => [burst.name, burst] as const))("%s", async (_name, burst) => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const before = await burst.count?.();
    const outcomes = await Promise.all(
      Array.from({ length: burst.limit * 3 }, (_, index) => burst.post(index, cookie)),
    );
    const answered = outcomes.filter((outcome) => outcome.status !== 429);
    expect(answered.length).toBe(burst.limit);
    expect(
      outcomes
        .filter((outcome) => outcome.status === 429)
        .every((outcome) => /^\d+$/.test(outcome.headers.get("Retry-After") ?? "")),
    ).toBe(true);
    if (burst.count) expect((await burst.count()) - before!).toBe(burst.limit);
  });
});

describe("placing and cancelling orders, per account", () => {
  test(`${LIMIT} a minute, by page or API, placed or cancelled; the next is a 429 that changes nothing`, async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 1000 });
    const placeByPage = (who: string) =>
      call(
        orderPage.action,
        postRequest(`/order/${item.id}`, { quantity: "1", ...SHIPPING, checkoutToken: randomUUID() }, { cookie: who }),
        { id: String(item.id) },
      );
    const placeByApi = (who: string) =>
      callApi(
        apiOrders,
        apiRequest("POST", "/api/order", { cookie: who, body: { itemId: item.id, quantity: 1, ...SHIPPING } }),
      );
    const cancel = (orderId: number) =>
      call(
        myOrders.action,
        postRequest("/dashboard/my-order", { intent: "cancel", orderId: String(orderId) }, { cookie }),
      );

    const placed: number[] = [];
    for (let order = 0; order < LIMIT / 2; order++) {
      const outcome = await placeByPage(cookie);
      expect(outcome.status).toBe(302);
      placed.push(Number(outcome.location!.split("/").pop()));
    }
    for (const orderId of placed.slice(1)) expect((await cancel(orderId)).status).toBe(302);
    expect((await placeByApi(cookie)).status).toBe(201);

    const statusesBefore = await db.selectFrom("orders").select("status").where("user_id", "=", user.id).execute();
    const refused = [await placeByPage(cookie), await cancel(placed[0]), await placeByApi(cookie)];
    expect(refused.map((outcome) => outcome.status)).toEqual([429, 429, 429]);
    for (const outcome of refused) expect(outcome.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await db.selectFrom("orders").select("status").where("user_id", "=", user.id).execute()).toEqual(
      statusesBefore,
    );
    // Another account is not held back by this one.
    expect((await placeByPage((await createSignedInUser()).cookie)).status).toBe(302);
  });
});

describe("a point taken while this process holds the write lock", () => {
  test("waits for the transaction to end instead of failing", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // A checkout of this very process, half way through its transaction (SQLite: BEGIN IMMEDIATE).
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable("items").set({ quantity: 0 }).where("id", "=", -1).execute();
      locked();
      await released;
    });
    await holding;
    const point = takePoints([["posting", `lock-${uniqueEmail()}`]]);
    setTimeout(release, 200);
    await expect(point).resolves.toMatchObject({ ok: true });
    await transaction;
  });
});
