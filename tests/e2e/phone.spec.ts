import { expect, type Page, test } from "@playwright/test";

import { fillCartFor, login, placeOrderFor, PUBLIC_PAGES, searchBox } from "./fixtures";

// Every page, for each role, at a phone's width: nothing wider than the screen, and every button
// and link of the page's own content on it (no Cancel or Mark shipped off to the right). Hidden
// honeypots and the carousel's later slides are off-screen on purpose.
test.use({ viewport: { width: 375, height: 812 } });

const customerPages = [
  "/dashboard",
  "/dashboard/my-order",
  "/dashboard/add-review",
  "/dashboard/my-review",
  "/dashboard/my-profile",
  "/order/1",
  "/cart",
  "/quick-order",
];
const adminPages = [
  "/dashboard",
  "/dashboard/manage-order",
  "/dashboard/manage-product",
  "/dashboard/manage-product/1",
  "/dashboard/add-product",
  "/dashboard/make-admin",
  "/dashboard/messages",
  "/dashboard/customer-data",
  "/dashboard/api-keys",
  "/dashboard/outbox",
];

async function expectFitsThePhone(page: Page, path: string) {
  await page.goto(path);
  await expectNothingOffScreen(page, path);
}

/** The page as it is now is no wider than the screen, and none of its controls start or end off it. */
async function expectNothingOffScreen(page: Page, path: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    // Controls in the page's own content that start or end off-screen (the carousel scrolls on purpose).
    offScreen: [...document.querySelectorAll("main a, main button, main input, main select, main textarea")]
      .filter((element) => !element.closest("[aria-roledescription='carousel'], [aria-hidden='true']"))
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1))
      .map(({ element }) => `${element.tagName.toLowerCase()} “${(element.textContent ?? "").trim().slice(0, 30)}”`),
  }));
  expect(widths.scroll, `${path} is ${widths.scroll} px wide`).toBeLessThanOrEqual(widths.viewport);
  expect(widths.offScreen, `${path}: controls off-screen`).toEqual([]);
}

/** A row's action: a button with JavaScript, a link to the confirmation page without it. */
function actionNamed(page: Page, name: RegExp) {
  const main = page.getByRole("main");
  return main.getByRole("button", { name }).or(main.getByRole("link", { name })).first();
}

/**
 * Scrolled to, as a person would: what matters is that nothing is off to the side. With JavaScript
 * the server's link becomes a button when the page hydrates, so a scroll that caught the link
 * before the swap is tried again on the button.
 */
async function expectReachable(page: Page, name: RegExp) {
  await expect(async () => {
    await actionNamed(page, name).scrollIntoViewIfNeeded({ timeout: 1_000 });
    await expect(actionNamed(page, name)).toBeInViewport({ timeout: 1_000 });
  }).toPass();
}

test("signed out, every public page fits a 375 px screen", async ({ page }) => {
  for (const path of PUBLIC_PAGES) await expectFitsThePhone(page, path);
});

test("a customer's pages fit a 375 px screen, with orders in the table", async ({ page }) => {
  const { userId } = await login(page);
  const { orderId } = await placeOrderFor(userId);
  await fillCartFor(userId);
  for (const path of [...PUBLIC_PAGES.slice(0, 3), ...customerPages, "/checkout", `/dashboard/my-order/${orderId}`]) {
    await expectFitsThePhone(page, path);
  }
  await page.goto("/dashboard/my-order");
  await expectReachable(page, /^Cancel/);
});

test("an admin's pages fit a 375 px screen, Ship and Cancel included", async ({ page }) => {
  const { userId } = await login(page, { role: "admin" });
  const { orderId } = await placeOrderFor(userId);
  for (const path of [...customerPages, ...adminPages, `/dashboard/manage-order/${orderId}`]) {
    await expectFitsThePhone(page, path);
  }
  await page.goto("/dashboard/manage-order");
  // Ship asks for the carrier and tracking number in a disclosure: open, it still fits.
  await page.getByRole("main").getByText("Mark shipped…", { exact: true }).first().click();
  await expectNothingOffScreen(page, "/dashboard/manage-order, Ship open");
  for (const name of [/^Mark shipped/, /^Cancel/]) await expectReachable(page, name);
  await expect(page.getByRole("main").getByLabel("Carrier").first()).toBeInViewport();
});

test("the phone menu holds the search, Shop, the pages and Dashboard, and closes after a tap", async ({
  page,
  javaScriptEnabled,
}) => {
  await login(page);
  await page.goto("/about");
  const menu = page.getByRole("navigation", { name: "Main" }).locator("details");
  await menu.getByText("Menu").click();
  for (const name of ["Shop", "About us", "Contact", "Blog", "Dashboard"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(searchBox(menu, javaScriptEnabled)).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await menu.getByRole("link", { name: "Shop", exact: true }).click();
  await expect(page).toHaveURL(/\/items$/);
  if (javaScriptEnabled) {
    await expect(menu).not.toHaveAttribute("open");
    // The address changes before the new page is rendered; the menu closes again when it is, and
    // focus moves to its heading in the same turn. Opened before that, it would be closed under us.
    await expect(page.locator("main h1")).toBeFocused();
  }

  await menu.getByText("Menu").click();
  await searchBox(menu, javaScriptEnabled).fill("bearing");
  await menu.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/items\?q=bearing$/);
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ parts? matching “bearing”$/);
});

test("on a phone the catalog's filters fold away and open with a tap, without JavaScript too", async ({ page }) => {
  await page.goto("/items?category=gears");
  const filters = page.getByRole("complementary", { name: "Filters" });
  await expect(filters).toBeHidden();
  await page.getByText("Filters (some chosen)").click();
  await expect(filters.getByRole("link", { name: /^Bearings \d+$/ })).toBeVisible();
  await filters.getByRole("link", { name: /^Bearings \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bearings");
});
