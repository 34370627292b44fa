import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { newCategory, newItem } from "../support/builders";
import { type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";

// Search through the built server over real HTTP: what a buyer's browser gets for a misspelt search,
// a search that finds nothing, and listings asked for past the depth they are read to.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const page = async (path: string) => {
  const response = await fetch(`${server.origin}${path}`, { redirect: "manual" });
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") };
};

describe("a search that finds nothing or is misspelt", () => {
  test("a misspelt word still finds the part, and the page offers the corrected search", async () => {
    const word = `sprocket${uniqueToken()
      .replace(/[^a-z]/g, "")
      .slice(0, 4)}`;
    const part = await newItem({ name: `Duplex ${word} wheel` });
    const misspelt = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    const { status, text } = await page(`/items?q=${misspelt}`);
    expect(status).toBe(200);
    expect(text).toContain(part.part_number);
    // React writes <!-- --> between neighbouring texts.
    expect(text).toMatch(new RegExp(`Did you mean(<!-- -->)? <a[^>]*href="/items\\?q=${word}"[^>]*>${word}</a>`));
  });

  test("nothing found: the nearest categories and a contact link that carries the query", async () => {
    // With no word near any category, the fullest are offered: at least this one has a part.
    await newItem({ category_id: (await newCategory()).id });
    const { status, text } = await page("/items?q=zzqxv+wwkj");
    expect(status).toBe(200);
    expect(text).toContain("No parts match");
    expect(text).toContain("Browse the nearest categories");
    expect(text).toMatch(/href="\/items\?category=[a-z0-9-]+"/);
    expect(text).toContain('href="/contact?message=I+am+looking+for%3A+zzqxv+wwkj"');
    const contact = await page("/contact?message=I+am+looking+for%3A+zzqxv+wwkj");
    expect(contact.text).toMatch(/<textarea[^>]*>I am looking for: zzqxv wwkj<\/textarea>/);
  });
});

describe("listings past the depth they are read to", () => {
  test("catalog page 1,001 is a 400 that says how to go on; page 1,000 is listed or sends to the last page", async () => {
    const deep = await page("/items?page=1001");
    expect(deep.status).toBe(400);
    expect(deep.text).toContain("Pages past 1000 are not listed");
    expect([200, 302]).toContain((await page("/items?page=1000")).status);
  });

  test("the API refuses an offset past 12,000 with a 400 naming the cursor, and answers up to it", async () => {
    const deep = await page("/api/item?q=s&offset=12001");
    expect(deep.status).toBe(400);
    expect(deep.type).toContain("application/json");
    expect(deep.text).toContain("follow the Link header's cursor");
    const deepest = await page("/api/item?q=s&offset=12000");
    expect(deepest.status).toBe(200);
    expect(JSON.parse(deepest.text)).toEqual([]);
  });
});

describe("parameters the page does not read", () => {
  const specs = (count: number) =>
    Array.from({ length: count }, (_, index) => `spec=${encodeURIComponent(`Bore:${index}`)}`).join("&");

  test("are not copied into the page: spec choices outside a category answer the page of none, in its size", async () => {
    await newItem();
    const plain = await page("/items?inStock=1");
    const padded = await page(`/items?inStock=1&${specs(50)}`);
    expect(padded.status).toBe(200);
    expect(padded.text).not.toContain("Bore%3A49");
    // The cards' Add to Cart come back to the page's own URL; the search form's action is its path.
    expect(padded.text).toContain('name="returnTo" value="/items?inStock=1"');
    expect(padded.text).not.toMatch(/<form[^>]*action="\/items\?/);
    expect(padded.text.length).toBeLessThan(plain.text.length + 2_000);
  });

  test("more spec choices than a buyer could tick are refused with a 400 that says why, in a small page", async () => {
    const category = await newCategory();
    const refused = await page(`/items?category=${category.slug}&${specs(51)}`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Choose at most 50 spec values at once");
    expect(refused.text).not.toContain("Bore%3A50");
    expect((await page(`/items?category=${category.slug}&${specs(50)}`)).status).toBe(200);

    // Values of more specs than a category has: each would be counted beside all the others.
    const names = (count: number) =>
      Array.from({ length: count }, (_, index) => `spec=${encodeURIComponent(`Made up ${index}:1`)}`).join("&");
    const tooMany = await page(`/items?category=${category.slug}&${names(13)}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain("Choose values of at most 12 specs at once");
    expect((await page(`/items?category=${category.slug}&${names(12)}`)).status).toBe(200);
  });
});
