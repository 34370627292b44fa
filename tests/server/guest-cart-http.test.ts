import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { getCart } from "~/models/cart";

import { newItem } from "../support/builders";
import { CookieJar } from "../support/cookie-jar";
import { type FakeGoogle, freePort, startFakeGoogle } from "../support/fake-google";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueEmail, uniqueToken } from "../support/unique";

// A visitor's cart through the production server over real HTTP (docs/decisions/0029-guest-carts.md):
// the cookie's attributes, the status codes, the page cache, and the move into an account at sign-up
// and at Google sign-in (against the fake provider in tests/support).

const CART = "__cart";

let server: ServerProcess;
let fakeGoogle: FakeGoogle;
let googleOrigin: string;

beforeAll(async () => {
  const port = await freePort();
  fakeGoogle = await startFakeGoogle();
  googleOrigin = fakeGoogle.origin;
  server = await startServer({
    port,
    env: { PAGE_CACHE_SECONDS: "600", APP_URL: `http://127.0.0.1:${port}`, ...fakeGoogle.env },
  });
});

afterAll(async () => {
  await server?.stop();
  fakeGoogle?.stop();
});

function get(path: string, cookie = "") {
  return fetch(`${server.origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

async function addToCart(jar: CookieJar, itemId: number, quantity: number) {
  const response = jar.take(
    await postForm(
      server.origin,
      "/cart",
      { intent: "add", itemId: String(itemId), quantity: String(quantity), returnTo: "/items" },
      { cookie: jar.header },
    ),
  );
  await response.arrayBuffer();
  return response;
}

/** A visitor's pages as the header counts their cart: the number in the header's badge. */
function cartCount(html: string) {
  return Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]);
}

describe("a visitor's cart cookie", () => {
  test("HttpOnly, SameSite=Lax, Secure in production, signed, with a 30-day Max-Age and Expires", async () => {
    const item = await newItem({ quantity: 50 });
    const jar = new CookieJar();
    const added = await addToCart(jar, item.id, 2);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/items");
    const header = added.headers.getSetCookie().find((value) => value.startsWith(`${CART}=`))!;
    expect(header).toMatch(/; Max-Age=2592000(;|$)/);
    const expires = Date.parse(/; Expires=([^;]+)/.exec(header)![1]);
    expect(Math.abs(expires - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; Secure(;|$)/);
    expect(header).toMatch(/; SameSite=Lax(;|$)/);

    // Signed: the same token with its signature changed names no cart, and the cookie is removed.
    const tampered = `${jar.only(CART).slice(0, -2)}xx`;
    const page = await get("/cart", tampered);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Your cart is empty");
    expect(page.headers.getSetCookie().some((value) => value.startsWith(`${CART}=;`))).toBe(true);
    // The real one shows the line, and each change sends the cookie again (its 30 days start again).
    const real = await get("/cart", jar.only(CART));
    expect(cartCount(await real.text())).toBe(1);
    const again = await addToCart(jar, item.id, 1);
    expect(again.headers.getSetCookie().some((value) => value.startsWith(`${CART}=`))).toBe(true);
  });

  test("status codes: the cart opens signed out, quick order and checkout send to sign in, refusals are 4xx", async () => {
    const packs = await newItem({ quantity: 50, min_order_quantity: 10 });
    expect((await get("/cart")).status).toBe(200);
    const quick = await get("/quick-order");
    expect(quick.status).toBe(302);
    expect(quick.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fquick-order");
    const checkout = await get("/checkout");
    expect(checkout.status).toBe(302);
    expect(checkout.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fcheckout");
    const jar = new CookieJar();
    const below = await addToCart(jar, packs.id, 3);
    expect(below.status).toBe(400);
    expect(jar.has(CART)).toBe(false);
    const unknown = await addToCart(jar, 999_999_999, 1);
    expect(unknown.status).toBe(404);
    expect(jar.has(CART)).toBe(false);
    // Another site's post is refused before anything is made, with or without a cart.
    const crossSite = await postForm(
      server.origin,
      "/cart",
      { intent: "add", itemId: String(packs.id), quantity: "10" },
      { headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
  });
});

describe("the page cache and visitors' carts", () => {
  test("a visitor with a cart never gets a cached page, nor one with another's count; others still hit", async () => {
    const [gear, bolt] = [await newItem({ quantity: 50 }), await newItem({ quantity: 50 })];
    const path = `/items/${gear.id}?guest=${uniqueToken()}`;
    // Two visitors fill carts (the first write after the parts were made empties the cache once).
    const ada = new CookieJar();
    await addToCart(ada, gear.id, 1);
    const bob = new CookieJar();
    await addToCart(bob, gear.id, 1);
    await addToCart(bob, bolt.id, 1);
    // A visitor without a cart fills the cache.
    const first = await get(path);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(cartCount(await first.text())).toBe(0);
    expect((await get(path)).headers.get("X-Cache")).toBe("HIT");
    for (const [jar, count] of [
      [ada, 1],
      [bob, 2],
      [ada, 1],
    ] as const) {
      const page = await get(path, jar.only(CART));
      expect(page.status).toBe(200);
      expect(page.headers.get("X-Cache")).toBe("MISS");
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(cartCount(await page.text())).toBe(count);
    }
    // Nothing of theirs was kept: the visitor without a cart still gets the page with 0, from the cache.
    const after = await get(path);
    expect(after.headers.get("X-Cache")).toBe("HIT");
    expect(cartCount(await after.text())).toBe(0);
    // A cart cookie beside other cookies counts just as much.
    const mixed = await get(path, `theme=dark; ${bob.only(CART)}`);
    expect(mixed.headers.get("X-Cache")).toBe("MISS");
    expect(cartCount(await mixed.text())).toBe(2);
  });
});

describe("moving the cart into an account over HTTP", () => {
  test("sign-up: the cart arrives whole at /checkout, the cart cookie is removed and the buyer told", async () => {
    const [gear, bolt] = [await newItem({ quantity: 50 }), await newItem({ quantity: 50 })];
    const jar = new CookieJar();
    await addToCart(jar, gear.id, 25);
    await addToCart(jar, bolt.id, 2);
    const email = uniqueEmail("guest");
    const signedUp = jar.take(
      await postForm(
        server.origin,
        "/sign-up",
        { name: "Ada", email, password: "correct-horse", redirectTo: "/checkout" },
        { cookie: jar.header },
      ),
    );
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("Location")).toBe("/checkout");
    expect(jar.has(CART)).toBe(false);
    const checkout = jar.take(await get("/checkout", jar.header));
    expect(checkout.status).toBe(200);
    const html = await checkout.text();
    expect(html).toContain(`25 × ${gear.part_number} and 2 × ${bolt.part_number} added to your cart.`);
    expect(html).toContain(gear.part_number);
    expect(html).toContain(bolt.part_number);
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect((await getCart(user.id)).lines.map((line) => [line.itemId, line.quantity])).toEqual([
      [gear.id, 25],
      [bolt.id, 2],
    ]);
  });

  test("Google sign-in: the cart moves into the account made for the Google identity", async () => {
    const gear = await newItem({ quantity: 50 });
    const jar = new CookieJar();
    await addToCart(jar, gear.id, 4);
    const start = jar.take(
      await postForm(server.origin, "/auth/google", { redirectTo: "/checkout" }, { cookie: jar.header }),
    );
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin).toBe(googleOrigin);
    const email = uniqueEmail("google");
    const chosen = await fetch(`${googleOrigin}/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        redirect_uri: authorize.searchParams.get("redirect_uri")!,
        state: authorize.searchParams.get("state")!,
        email,
        name: "Grace",
        email_verified: "true",
      }),
    });
    const callback = new URL(chosen.headers.get("Location")!);
    const back = jar.take(await get(`${callback.pathname}${callback.search}`, jar.header));
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/checkout");
    expect(jar.has(CART)).toBe(false);
    const checkout = await get("/checkout", jar.header);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain(`4 × ${gear.part_number} added to your cart.`);
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect((await getCart(user.id)).lines.map((line) => [line.itemId, line.quantity])).toEqual([[gear.id, 4]]);
  });
});
