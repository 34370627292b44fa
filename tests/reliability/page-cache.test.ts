import { afterAll, beforeAll, expect, test } from "vitest";

import { newItem } from "../support/builders";
import type { ServerProcess } from "../support/server";
import { postForm, recordStats, startCluster } from "./support";

// The anonymous page cache (decisions 12 and 19) under load, in two app processes on one port: a
// HEAD never leaves an empty page behind, and posts anyone may send, which change nothing an
// anonymous page shows, leave the cache warm. Entries live ten minutes here, so an entry expiring
// is never what is measured, and what is counted does not depend on how fast the machine is.
const CLIENTS = 16;
const ROUNDS = 6;
const POSTS = 200;
const POSTS_PER_SECOND = 50;
let shop: ServerProcess;
let itemId: number;
const totals = { requests: 0, failures: 0, serverErrors: 0 };

beforeAll(async () => {
  itemId = (await newItem({ quantity: 1_000 })).id;
  shop = await startCluster(2, { PAGE_CACHE_SECONDS: "600" });
});

afterAll(async () => {
  await shop?.stop();
  recordStats({ suite: "page-cache", ...totals, oversells: 0, ordersLost: 0 });
});

type Answer = {
  method: string;
  path: string;
  status: number;
  length: string | null;
  body: string;
  cache: string | null;
};

async function ask(method: "GET" | "HEAD", path: string): Promise<Answer> {
  const response = await fetch(`${shop.origin}${path}`, { method });
  const body = await response.text();
  const { status, headers } = response;
  return { method, path, status, length: headers.get("Content-Length"), body, cache: headers.get("X-Cache") };
}

async function send(post: () => Promise<Response>) {
  const response = await post();
  await response.arrayBuffer();
  return { status: response.status };
}

function count(answers: { status: number }[], failed: (answer: { status: number }) => boolean) {
  totals.requests += answers.length;
  totals.failures += answers.filter(failed).length;
  totals.serverErrors += answers.filter((answer) => answer.status >= 500).length;
}

test(`HEAD and GET interleaved from ${CLIENTS} clients under the page cache never give an empty 200`, async () => {
  const paths = ["/", "/items", "/items?sort=price-asc", "/about", `/items/${itemId}`];
  // Every client asks HEAD first, so on a cold cache the first request for a page is a HEAD;
  // then each goes through the pages in its own order, HEAD and GET in turn.
  const client = async (index: number) => {
    const answers = await Promise.all(paths.map((path) => ask("HEAD", path)));
    for (let round = 0; round < ROUNDS; round++) {
      for (let step = 0; step < paths.length; step++) {
        const path = paths[(index + round + step) % paths.length];
        answers.push(await ask((index + round + step) % 2 === 0 ? "HEAD" : "GET", path));
      }
    }
    return answers;
  };
  const answers = (await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))).flat();
  const gets = answers.filter((answer) => answer.method === "GET");
  const emptyPages = gets.filter((answer) => !answer.body.includes("</html>"));
  const emptyHeads = answers.filter((answer) => answer.method === "HEAD" && answer.length === "0");
  count(answers, (answer) => answer.status !== 200);
  expect(gets.length).toBeGreaterThan(CLIENTS * ROUNDS);
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  expect(emptyPages.map(({ path, cache, length }) => ({ path, cache, length }))).toEqual([]);
  expect(emptyHeads.map(({ path, cache }) => ({ path, cache }))).toEqual([]);
});

test(`anonymous posts at ${POSTS_PER_SECOND}/s leave the hit rate of / above 90%`, async () => {
  // What anyone can send without an account: a sign-out without a session, Add to Cart (a
  // visitor's own cart), a contact message (real writes, but not ones an anonymous page shows).
  const posts = [
    () => postForm(shop.origin, "/sign-out", {}),
    () => postForm(shop.origin, "/cart", { intent: "add", itemId: String(itemId), quantity: "1" }),
    () => postForm(shop.origin, "/contact", { name: "Flood", email: "flood@example.com", message: "Again." }),
  ];
  const sent: Promise<{ status: number }>[] = [];
  const pages: Promise<Answer>[] = [];
  for (let index = 0; index < POSTS; index++) {
    sent.push(send(posts[index % posts.length]));
    pages.push(ask("GET", "/"));
    await new Promise((resolve) => setTimeout(resolve, 1_000 / POSTS_PER_SECOND));
  }
  const [answered, home] = await Promise.all([Promise.all(sent), Promise.all(pages)]);
  count(answered, (answer) => answer.status !== 302);
  count(home, (answer) => answer.status !== 200);
  expect(answered.map((answer) => answer.status)).toEqual(Array(POSTS).fill(302));
  expect(home.every((page) => page.status === 200 && page.body.includes("</html>"))).toBe(true);
  // Each process's first page of / is a miss, and its first write, which learns the public
  // version, empties its cache once: a handful of misses in all, whatever the timing.
  const hits = home.filter((page) => page.cache === "HIT").length;
  expect(hits / home.length).toBeGreaterThan(0.9);
});
