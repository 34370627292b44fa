import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { expectNoAxeFindings } from "./axe";
import { addProduct, login } from "./fixtures";

// The pages staff run the shop from: the admin home and the product list, at a phone's width and a
// desktop's, with JavaScript on and off (the two projects), by keyboard, and checked by axe.

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`the admin home at ${width} px: what needs doing, and 30 days of orders`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await login(page, { role: "admin", name: "Alex Admin" });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Home");
    for (const heading of [/^Awaiting shipment \(\d+\)$/, /^Low stock \(\d+\)$/, /^Failed mail \(\d+\)$/]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    // The chart is an image with a sentence of its own, and its figures are a table too.
    const chart = page.getByRole("img", { name: /^Revenue per day, last 30 days/ });
    await expect(chart).toBeVisible();
    await page.getByText("The figures by day").click();
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(31);
    const box = await chart.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`admin-home-${width}.png`), fullPage: true });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);
  });

  test(`the product list at ${width} px: filter, sort and open a part`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await login(page, { role: "admin", name: "Alex Admin" });
    const name = await addProduct(page, { quantity: 0, price: "3.20" });
    await page.goto("/dashboard/manage-product");
    await page.screenshot({ path: testInfo.outputPath(`product-list-${width}.png`) });

    // Search and the low-stock filter: a new part sold out from the start is low.
    await page.getByLabel("Part number or name").fill(name);
    await page.getByLabel("Low stock only").check();
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/lowStock=1/);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("low · reorder at 0");
    await expect(page.getByText("1 part match")).toBeVisible();

    // Sorting by a column by keyboard alone: from its header on a wide screen, where the table has
    // one; from Sort by on a phone, where each part is a card.
    if (width >= 768) {
      await page.getByRole("link", { name: "Price/unit", exact: true }).focus();
      await page.keyboard.press("Enter");
    } else {
      await expect(page.getByRole("link", { name: "Price/unit", exact: true })).toHaveCount(0);
      await page.getByLabel("Sort by").selectOption("price");
      await page.getByRole("button", { name: "Filter" }).focus();
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(/sort=price/);
    await expect(page.getByRole("columnheader", { name: /Price\/unit/ })).toHaveAttribute("aria-sort", "ascending");
    // The filters are kept while sorting.
    await expect(page).toHaveURL(/lowStock=1/);
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
  });
}

test("an admin exports the catalog as a CSV file from the product list", async ({ page }) => {
  await login(page, { role: "admin", name: "Alex Admin" });
  const name = await addProduct(page, { quantity: 3, price: "7.25" });
  await page.goto("/dashboard/manage-product");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(`,${name},`);
  expect(text).toContain(",7.25,");
});

test("an admin reads and saves a category's spec templates, and the product form lists them", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  await login(page, { role: "admin", name: "Alex Admin" });
  await page.goto("/dashboard/spec-templates?category=gears");
  await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Gears" })).toBeVisible();
  const text = page.getByLabel("Specs, one per line");
  await expect(text).toHaveValue(/^Type\n.*Bore \(mm\)/s);
  await page.screenshot({ path: testInfo.outputPath("spec-templates.png"), fullPage: true });
  await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

  // A unit the catalog does not know is refused beside the field, and nothing is saved.
  const before = await text.inputValue();
  await text.fill(`${before}\nHardness (furlongs)`);
  await page.getByRole("button", { name: "Save templates" }).click();
  await expect(page.getByText("is not a unit the catalog knows")).toBeVisible();
  await page.goto("/dashboard/spec-templates?category=gears");
  await expect(page.getByLabel("Specs, one per line")).toHaveValue(before);

  await page.goto("/dashboard/add-product");
  await page.getByText("Specs by category").click();
  await expect(page.getByText(/^Gears:.*Bore \(mm\)/)).toBeVisible();
});
