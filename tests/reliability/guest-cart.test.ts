import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { cartLinesOf, getCart, guestCartHashOf } from "~/models/cart";

import { newItem } from "../support/builders";
import type { ServerProcess } from "../support/server";
import { createSignedInUser, TEST_PASSWORD } from "../support/users";
import { pidsInLog, postForm, recordStats, startCluster } from "./support";

// A visitor's cart under concurrency, through two app processes sharing the database (decision 29):
// adds from several tabs at once all count, in one cart; two sign-ins at once move it once.

const ADDS = 60;
let shop: ServerProcess;
const totals = { requests: 0, failures: 0, serverErrors: 0 };

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
  recordStats({ suite: "guest-cart", ...totals, oversells: 0, ordersLost: 0 });
});

function cartCookieOf(response: Response) {
  return (
    response.headers
      .getSetCookie()
      .find((header) => header.startsWith("__cart="))
      ?.split(";")[0] ?? ""
  );
}

/** The token a cart cookie carries: the signed value's first part, base64 JSON of the token. */
function tokenIn(cookie: string) {
  const value = decodeURIComponent(cookie.slice("__cart=".length));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as string;
}

function add(itemId: number, cookie?: string) {
  return postForm(shop.origin, "/cart", { intent: "add", itemId: String(itemId), quantity: "1" }, { cookie });
}

async function statusesOf(responses: Response[]) {
  await Promise.all(responses.map((response) => response.arrayBuffer()));
  const statuses = responses.map((response) => response.status);
  totals.requests += statuses.length;
  totals.serverErrors += statuses.filter((status) => status >= 500).length;
  totals.failures += statuses.filter((status) => status !== 302).length;
  return statuses;
}

test(`${ADDS} concurrent adds from one visitor's tabs through two processes: every one counts, in one cart`, async () => {
  const parts = await Promise.all(Array.from({ length: 4 }, () => newItem({ quantity: 10_000 })));
  const first = await add(parts[0].id);
  expect(await statusesOf([first])).toEqual([302]);
  const cookie = cartCookieOf(first);
  expect(cookie).not.toBe("");

  const statuses = await statusesOf(
    await Promise.all(Array.from({ length: ADDS }, (_, index) => add(parts[index % parts.length].id, cookie))),
  );
  expect(statuses).toEqual(Array(ADDS).fill(302));

  const token = tokenIn(cookie);
  const lines = await cartLinesOf({ guestToken: token });
  const perPart = ADDS / parts.length;
  // Both sides by part id: the parts were made at once, so their ids need not follow their places.
  const byId = (a: number[], b: number[]) => a[0] - b[0];
  expect(lines.map((line) => [line.itemId, line.quantity]).sort(byId)).toEqual(
    parts.map((part, index) => [part.id, perPart + (index === 0 ? 1 : 0)]).sort(byId),
  );
  const carts = await db.selectFrom("carts").select("id").where("token_hash", "=", guestCartHashOf(token)).execute();
  expect(carts).toHaveLength(1);
});

test("two sign-ins at once with one visitor's cart, through two processes: the lines arrive once", async () => {
  const part = await newItem({ quantity: 10_000 });
  const { user } = await createSignedInUser();
  const first = await add(part.id);
  const cookie = cartCookieOf(first);
  await statusesOf([first, ...(await Promise.all(Array.from({ length: 6 }, () => add(part.id, cookie))))]);

  const signIns = await Promise.all(
    Array.from({ length: 2 }, () =>
      postForm(
        shop.origin,
        "/sign-in",
        { email: user.email, password: TEST_PASSWORD, redirectTo: "/cart" },
        { cookie },
      ),
    ),
  );
  expect(await statusesOf(signIns)).toEqual([302, 302]);
  expect((await getCart(user.id)).lines.map((line) => [line.itemId, line.quantity])).toEqual([[part.id, 7]]);
  expect(await cartLinesOf({ guestToken: tokenIn(cookie) })).toEqual([]);
});

test("both processes answered", () => {
  expect(pidsInLog(shop.output()).size).toBe(2);
});
