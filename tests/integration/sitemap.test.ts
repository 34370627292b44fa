import { describe, expect, test } from "vitest";

import { countProducts } from "~/models/catalog";
import { sitemapXml } from "~/replies/sitemap.server";

import { newItem } from "../support/builders";

// The sitemaps protocol allows 50,000 URLs a file; the same code splits at any limit, so a small
// one shows the index without making 50,000 parts.
describe("sitemap past its limit", () => {
  test("becomes an index: content pages first, then every part exactly once", async () => {
    await newItem();
    const limit = Math.max(5, Math.ceil((await countProducts()) / 3));
    const index = await sitemapXml(0, limit);
    expect(index).toMatch(/<sitemapindex /);
    const sitemaps = [...index!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(sitemaps[0]).toMatch(/\/sitemap\.xml\?page=1$/);

    const pages = await Promise.all(sitemaps.map((_, number) => sitemapXml(number + 1, limit)));
    const locs = pages.flatMap((xml) => [...xml!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]));
    expect(pages.every((xml) => xml!.includes("<urlset "))).toBe(true);
    expect(pages.slice(1).every((xml) => (xml!.match(/<url>/g) ?? []).length <= limit)).toBe(true);
    expect(pages[0]).toContain("/about</loc>");
    const parts = locs.filter((loc) => /\/items\/\d+$/.test(loc));
    expect(parts.length).toBe(await countProducts());
    expect(new Set(parts).size).toBe(parts.length);
    expect(await sitemapXml(sitemaps.length + 1, limit)).toBeNull();
  });
});
