// The servers the pages are measured on, and the two customers who browse and buy on them.
import fs from "node:fs";

import { log } from "../../lib/run.mjs";
import { buildBaseline, startServer } from "../lib/server.mjs";
import { addToCart, ORDER_FORM, placeOrder, READER, signUp } from "../lib/session.mjs";
import { READER_ORDERS } from "./catalogs.mjs";

export const NO_PAGE_CACHE = { PAGE_CACHE_SECONDS: "0" };
// The benchmark signs up a customer per connection from one address, and one customer places
// every order of a run: the limits are for people.
export const MANY_CUSTOMERS = { RATE_LIMIT_POINTS: "100000" };

/**
 * The store three times: the large catalog with the page cache (as shipped), the same database
 * with the cache off, and the small catalog with the cache off (growth is about the database and
 * rendering, not the cache). Then the two yardsticks: the bare Remix app under remix-serve, and a
 * node:http hello. Each is stopped by `cleanup` (killed when the run is interrupted); under
 * `profileDir`, each writes its CPU profile there.
 */
export async function startServers({ runDir, largeDb, smallDb, port, profileDir, cleanup }) {
  const baselineDir = buildBaseline();
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  log(
    `Starting the store on 127.0.0.1:${port}–${port + 2}, remix-serve (bare Remix) on :${port + 3}, node:http on :${port + 4}`,
  );
  const serve = async (options) => {
    const server = await startServer({ profileDir, ...options });
    cleanup.add(() => (cleanup.interrupted ? server.kill() : server.stop()));
    return server;
  };
  const store = (offset, name, databaseFile, env) =>
    serve({ cwd: runDir, port: port + offset, databaseFile, name, env });
  return {
    large: await store(0, "large", largeDb, MANY_CUSTOMERS),
    uncached: await store(1, "large-uncached", largeDb, NO_PAGE_CACHE),
    small: await store(2, "small", smallDb, NO_PAGE_CACHE),
    bare: await serve({
      kind: "remix-serve",
      cwd: baselineDir,
      port: port + 3,
      name: "bare-remix",
      readyPath: "/healthz",
    }),
    hello: await serve({ kind: "hello", cwd: baselineDir, port: port + 4, name: "hello", readyPath: "/" }),
  };
}

/**
 * Two customers through the real sign-up form: the reader browses (with orders on the dashboard
 * and three lines in the cart), the buyer places orders under load.
 */
export async function signUpCustomers(server, { pageItemId }) {
  const reader = await signUp(server.origin, READER);
  const buyer = await signUp(server.origin, { ...READER, name: "Bench Buyer", email: "bench-buyer@example.com" });
  for (let index = 0; index < READER_ORDERS; index++) {
    const ok = await placeOrder(server.origin, reader, pageItemId + index, ORDER_FORM);
    if (!ok) throw new Error(`could not place the reader's order ${index + 1} on item ${pageItemId + index}`);
  }
  for (let index = 0; index < 3; index++) await addToCart(server.origin, reader, pageItemId + index, 1);
  // A visitor with the same three lines, held by the cart's own cookie (decision 29).
  const visitor = await guestCartCookie(server.origin, pageItemId);
  for (let index = 1; index < 3; index++) await addToCart(server.origin, visitor, pageItemId + index, 1);
  return { reader, buyer, visitor };
}

/** A signed-out visitor's first Add to Cart: the cart cookie it is given. */
async function guestCartCookie(origin, itemId) {
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ intent: "add", itemId: String(itemId), quantity: "1" }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => pair.startsWith("__cart="));
  if (response.status !== 302 || !cookie) throw new Error(`a visitor's Add to Cart answered ${response.status}`);
  return cookie;
}
