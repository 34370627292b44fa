import { expect, type Page, test } from "@playwright/test";

import { addProduct, addToCart, login } from "./fixtures";

// Saved parts lists (docs/decisions/0032-parts-lists.md): the month's maintenance kit saved from the
// cart, given the buyer's own part numbers, and put back into the cart in one press. With
// JavaScript and without, on a phone and a desktop.

test.describe.configure({ timeout: 90_000 });

async function addFromProductPage(page: Page, name: string, quantity: number, javaScriptEnabled: boolean) {
  await page.goto(`/items?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).first().click();
  await page.getByLabel("Quantity").fill(String(quantity));
  await addToCart(page, page.getByRole("button", { name: "Add to Cart", exact: true }));
  if (!javaScriptEnabled) await expect(page.getByRole("status")).toContainText("Added to your cart");
}

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px a buyer saves the cart as a list, names a part their way, and puts the list back in the cart`, async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const admin = await browser.newPage();
    await login(admin, { role: "admin", name: "Alex Admin" });
    const gear = await addProduct(admin, { quantity: 50, price: "12.50" });
    const belt = await addProduct(admin, { quantity: 20, price: "40.00" });
    await admin.close();

    const page = await browser.newPage({ viewport: { width, height } });
    await login(page);
    await addFromProductPage(page, gear, 3, javaScriptEnabled);
    await addFromProductPage(page, belt, 1, javaScriptEnabled);

    await page.goto("/cart");
    await page.getByLabel("List name").fill("Line 3 maintenance kit");
    await page.getByRole("button", { name: "Save as a parts list" }).click();
    await expect(page.getByRole("status")).toContainText("Saved 2 parts as “Line 3 maintenance kit”.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Line 3 maintenance kit");

    await page.getByLabel(new RegExp(`^Your part number for `)).first().fill("KIT-GEAR-01");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByRole("status")).toContainText("Your part number saved.");
    await expect(page.getByRole("main")).toContainText("Your no. KIT-GEAR-01");
    await page.screenshot({ path: testInfo.outputPath(`list-${width}.png`), fullPage: true });

    // Next month: the cart is empty again, and one press fills it.
    await page.goto("/cart");
    for (const name of [gear, belt]) {
      // addToCart waits for the cart's answer to the post, whichever of its buttons sends it.
      await addToCart(page, page.getByRole("button", { name: `Remove ${name}` }));
      await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
    }
    await page.goto("/dashboard/lists");
    await page.getByRole("button", { name: "Add to cart: Line 3 maintenance kit" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("status")).toContainText("Added 2 parts from the list to your cart.");
    await expect(page.getByLabel(`Quantity of ${gear}`)).toHaveValue("3");
    await expect(page.getByLabel(`Quantity of ${belt}`)).toHaveValue("1");
    await expect(page.getByRole("main")).toContainText("Your no. KIT-GEAR-01");
    await page.screenshot({ path: testInfo.outputPath(`cart-${width}.png`), fullPage: true });
  });
}
