import fs from "node:fs";

import { expect, test } from "@playwright/test";

import { login, placeOrderFor } from "./fixtures";

// Finding and exporting orders (issue 27): staff narrow Manage Orders by a PO number and the days
// placed, and download what they found as CSV; a date range the wrong way round is refused with its
// reason. With JavaScript and without, on a phone and a desktop.

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px staff find an order by its PO number and export what they found`, async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const buyer = await browser.newPage();
    const { userId } = await login(buyer, { name: "Morgan Buyer" });
    const { orderId } = await placeOrderFor(userId);
    const po = `PO-E2E-${orderId}`;
    const { db } = await import("~/db/db.server");
    await db.updateTable("orders").set({ po_number: po }).where("id", "=", orderId).execute();
    await buyer.close();

    const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled, acceptDownloads: true });
    const page = await context.newPage();
    await login(page, { role: "admin", name: "Alex Admin" });
    await page.goto("/dashboard/manage-order");
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("Order, PO or part number, or customer").fill(po);
    await page.getByLabel("Placed from").fill(today);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${po}`));
    await expect(page.getByRole("link", { name: `#${orderId}` }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`manage-orders-${width}.png`), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export these orders (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(rows[0].startsWith("order,placed_at,status,customer")).toBe(true);
    expect(rows.slice(1).every((row) => row.startsWith(`${orderId},`))).toBe(true);
    expect(rows.length).toBeGreaterThan(1);

    // The last day before the first: the page says why and lists nothing.
    await page.goto("/dashboard/manage-order?from=2026-02-01&to=2026-01-01");
    await expect(page.getByText("The first day comes before the last")).toBeVisible();
    await expect(page.getByText("No orders match.")).toBeVisible();
    await context.close();
  });
}
