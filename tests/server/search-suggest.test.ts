import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { newCategory, newItem } from "../support/builders";
import { type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";

// GET /search/suggest over HTTP against the built server (issue 24): the header's combobox reads it,
// and so may a page on another origin, as it reads the API's public calls. Whatever q holds, the
// answer is a 200 with the three bounded lists, never a 500.

let server: ServerProcess;
const tag = uniqueToken();
let category: Awaited<ReturnType<typeof newCategory>>;

beforeAll(async () => {
  server = await startServer();
  category = await newCategory();
  for (let index = 0; index < 10; index++) {
    await newItem({ name: `Knurled nut ${tag} ${index}`, part_number: `KN-${tag}-${index}`, category_id: category.id });
  }
});

afterAll(async () => {
  await server?.stop();
});

function suggest(search: string, init: RequestInit = {}) {
  return fetch(`${server.origin}/search/suggest${search}`, init);
}

type Answer = {
  parts: { partNumber: string; name: string; url: string }[];
  categories: { name: string; slug: string; url: string }[];
  searches: { query: string; url: string }[];
};

/** The answer's JSON, checked for its exact shape and bounds on the way. */
async function answerOf(response: Response): Promise<Answer> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await response.json()) as Answer;
  expect(Object.keys(body)).toEqual(["parts", "categories", "searches"]);
  expect(body.parts.length).toBeLessThanOrEqual(8);
  expect(body.categories.length).toBeLessThanOrEqual(4);
  expect(body.searches.length).toBeLessThanOrEqual(4);
  for (const part of body.parts) {
    expect(Object.keys(part)).toEqual(["partNumber", "name", "url"]);
    expect(part.url).toMatch(/^\/items\/\d+$/);
  }
  for (const found of body.categories) {
    expect(Object.keys(found)).toEqual(["name", "slug", "url"]);
    expect(found.url).toBe(`/items?category=${found.slug}`);
  }
  for (const search of body.searches) {
    expect(Object.keys(search)).toEqual(["query", "url"]);
    expect(search.url).toBe(`/items?${new URLSearchParams({ q: search.query })}`);
  }
  return body;
}

describe("GET /search/suggest", () => {
  test("answers at most 8 parts and the category holding them, as JSON", async () => {
    const body = await answerOf(await suggest(`?q=knurled+${tag}`));
    expect(body.parts).toHaveLength(8);
    for (const part of body.parts) expect(part.name).toMatch(new RegExp(`^Knurled nut ${tag} \\d$`));
    expect(body.categories).toEqual([
      { name: category.name, slug: category.slug, url: `/items?category=${category.slug}` },
    ]);
  });

  test("a misspelt word is suggested corrected, as a search to run", async () => {
    const body = await answerOf(await suggest(`?q=knurlde`));
    expect(body.searches[0]).toEqual({ query: "knurled", url: "/items?q=knurled" });
  });

  test("is a public read: any origin may read it, nobody stores it, and it is not sniffed", async () => {
    const response = await suggest(`?q=knurled+${tag}`, {
      headers: { Origin: "https://spa.example", "Sec-Fetch-Site": "cross-site" },
    });
    await answerOf(response);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Vary")).toMatch(/Origin/);
  });

  test.each([
    ["no q", ""],
    ["an empty q", "?q="],
    ["one letter", "?q=k"],
    ["spaces", "?q=+++"],
  ])("%s: empty lists", async (_label, search) => {
    expect(await answerOf(await suggest(search))).toEqual({ parts: [], categories: [], searches: [] });
  });

  test.each([
    ["a very long q", `?q=${encodeURIComponent(`knurled ${tag} `.repeat(400))}`],
    ["a long single token", `?q=${"9".repeat(6000)}`],
    ["the full-text engines' operators", `?q=${encodeURIComponent(`"knurled" OR ${tag}* NEAR( -nut ) & | ! :* ^`)}`],
    ["SQL", `?q=${encodeURIComponent(`'; drop table items; -- ${tag}`)}`],
    ["control characters and a NUL", `?q=knurled%00%01%1F%7F${tag}`],
    ["malformed percent-encoding and bytes that are no UTF-8", "?q=%E0%A4%A%ED%A0%80%FF%"],
    ["emoji, accents and full-width digits", `?q=${encodeURIComponent("🔩 Kñürled ８mm ℃ ½")}`],
    ["many q", `?q=knurled&q=${tag}&q=`],
    ["many terms", `?q=${encodeURIComponent("ab cd ef gh ij kl mn op qr st uv wx yz")}`],
  ])("%s: a 200 with bounded lists", async (_label, search) => {
    await answerOf(await suggest(search));
  });

  test("a q longer than 200 characters is read as its first 200", async () => {
    const past = await answerOf(await suggest(`?q=${"x".repeat(195)}+${tag}`));
    expect(past.parts).toEqual([]);
    const within = await answerOf(await suggest(`?q=knurled+${tag}+${"x".repeat(300)}`));
    expect(within.parts).toHaveLength(8);
  });

  test("HEAD answers the headers; a write is a JSON 405 or refusal, never a 500", async () => {
    const head = await suggest(`?q=knurled+${tag}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const post = await suggest(`?q=knurled+${tag}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(await post.json()).toEqual({ error: expect.any(String), code: "method_not_allowed" });
  });
});
