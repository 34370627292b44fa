import { expect, type Page, test } from "@playwright/test";

import { untilHydrated } from "./fixtures";

// The shop's links are anchors (AppLink) whose clicks, with JavaScript, the router follows, as
// Remix's Link does: the page changes without a new document. Without JavaScript they are plain
// links, which every other spec follows.

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript every link loads a new document");

/** Marks the hydrated window; the mark is gone if a link loaded a new document. */
async function markDocument(page: Page) {
  await untilHydrated(page, true);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}

async function stillSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test("a category, a part's card, Back and the header's cart are followed by the router, not by a new document", async ({
  page,
}) => {
  await page.goto("/items");
  await markDocument(page);

  const category = page.getByRole("navigation", { name: "Categories" }).getByRole("link").nth(1);
  const categoryName = (await category.locator("span").first().textContent())!.trim();
  await category.click();
  await expect(page).toHaveURL(/\/items\?category=/);
  await expect(page.getByRole("navigation", { name: "Categories" }).locator('[aria-current="page"]')).toContainText(
    categoryName,
  );
  await stillSameDocument(page);

  const partLink = page.locator("main article").first().getByRole("heading").getByRole("link");
  const partName = (await partLink.textContent())!.trim();
  await partLink.click();
  await expect(page).toHaveURL(/\/items\/\d+$/);
  await expect(page.locator("main h1")).toHaveText(partName);
  await stillSameDocument(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/items\?category=/);
  await stillSameDocument(page);

  await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator("main h1")).toHaveText("Cart");
  await stillSameDocument(page);
});

test("a click with a modifier key is the browser's: the part opens in a new tab and this page stays", async ({
  page,
  context,
}) => {
  await page.goto("/items");
  await untilHydrated(page, true);
  const partLink = page.locator("main article").first().getByRole("heading").getByRole("link");
  const href = await partLink.getAttribute("href");
  const opened = context.waitForEvent("page");
  await partLink.click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  // A new tab starts at about:blank and navigates after the event: wait for the part's address.
  await expect(tab).toHaveURL((url) => url.pathname === href);
  await expect(page).toHaveURL(/\/items$/);
  await tab.close();
});

test("following a link to the page already shown adds nothing to the history", async ({ page }) => {
  await page.goto("/about");
  await page.goto("/items");
  await markDocument(page);
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "All categories" }).click();
  await expect(page).toHaveURL(/\/items$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test("pointing at a header section, or focusing it, prefetches its page; leaving it takes the prefetch away", async ({
  page,
}) => {
  await page.goto("/items");
  await untilHydrated(page, true);
  const about = page.getByRole("banner").getByRole("link", { name: "About us" }).first();
  const aboutPrefetch = page.locator('link[rel="prefetch"][href^="/about.data"]');
  await expect(aboutPrefetch).toHaveCount(0);
  await about.hover();
  await expect(aboutPrefetch).toHaveCount(1);
  await page.mouse.move(0, 600);
  await expect(aboutPrefetch).toHaveCount(0);
  await about.focus();
  await expect(aboutPrefetch).toHaveCount(1);
});
