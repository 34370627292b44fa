import { expect, test } from "@playwright/test";

import {
  addProduct,
  addToCart,
  fillCheckoutAddress,
  FOUNDRY_LANE,
  login,
  openProductPage,
  shipOrder,
} from "./fixtures";

// Buying more than is in stock (docs/decisions/0031-backorders.md): the product page prices the
// typed quantity and says what leaves now and what waits, the cart, checkout and order say the same,
// staff see who is owed, and stock that arrives fills the order. With JavaScript and without, on a
// phone and a desktop.

test.describe.configure({ timeout: 90_000 });

const BACKORDER = /^3 now, 7 on backorder, dispatched by \d{1,2} [A-Z][a-z]{2} \d{4}$/;

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px a buyer orders 10 of a part with 3 in stock; the rest is filled when stock arrives`, async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const admin = await browser.newPage();
    await login(admin, { role: "admin", name: "Alex Admin" });
    const part = await addProduct(admin, { quantity: 3, price: "12.50" });

    const page = await browser.newPage({ viewport: { width, height } });
    await login(page);
    await openProductPage(page, part);
    await page.getByLabel("Quantity").fill("10");
    // Without JavaScript the page is asked again for the typed quantity.
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Show price" }).click();
    await expect(page.getByTestId("quantity-price")).toContainText("10 × £12.50 = £125.00 excl. VAT");
    await expect(page.getByTestId("supply")).toHaveText(BACKORDER);
    await page.screenshot({ path: testInfo.outputPath(`product-${width}.png`), fullPage: true });
    await addToCart(page, page.getByRole("button", { name: "Add to Cart", exact: true }));
    if (!javaScriptEnabled)
      await expect(page.getByRole("status")).toContainText("Added to your cart (10 in the cart).");

    await page.goto("/cart");
    await expect(page.getByTestId(/^line-/).getByTestId("dispatch")).toHaveText(BACKORDER);
    await page.getByRole("link", { name: "Check out" }).click();
    await expect(page.getByTestId(/^line-/).getByTestId("dispatch")).toHaveText(BACKORDER);
    await fillCheckoutAddress(page, FOUNDRY_LANE);
    await page.getByLabel("Phone").fill("+44 114 496 0000");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
    const orderId = page.url().split("/").at(-1);
    await expect(page.getByTestId(/^line-/).getByTestId("dispatch")).toHaveText(BACKORDER);
    await page.screenshot({ path: testInfo.outputPath(`order-${width}.png`), fullPage: true });

    // Staff: the part's page says who is owed; ship what is ready, then stock arrives.
    await openProductPage(admin, part);
    await admin.goto(admin.url().replace("/items/", "/dashboard/manage-product/"));
    await expect(admin.getByTestId("backorders-owed")).toHaveText(
      "7 units are owed to 1 order. Stock added here fills them oldest order first.",
    );
    await admin.goto(`/dashboard/manage-order/${orderId}`);
    await shipOrder(admin, { label: "Ship what is ready" });
    await expect(admin.getByRole("status")).toContainText(`Order #${orderId} is now partly shipped.`);
    await expect(admin.getByTestId("shipments")).toContainText("3 × ");
    await expect(admin.getByRole("link", { name: "15501234567890" })).toHaveAttribute(
      "href",
      "https://track.dpd.co.uk/parcels/15501234567890",
    );

    await openProductPage(admin, part);
    await admin.goto(admin.url().replace("/items/", "/dashboard/manage-product/"));
    await admin.getByLabel("Units (+ or −)").fill("7");
    await admin.getByLabel("Reason").fill("Received from the works");
    await admin.getByRole("button", { name: "Save stock change" }).click();
    await expect(admin.getByTestId("backorders-owed")).toHaveCount(0);
    await expect(admin.getByText("No order is waiting for this part.")).toBeVisible();

    await page.reload();
    await expect(page.getByTestId(/^line-/).getByTestId("dispatch")).toHaveText(
      /^3 shipped; Dispatched (today|by .+)$/,
    );
    // The buyer was mailed when the line completed (read in the outbox: tests send no real mail).
    await admin.goto("/dashboard/outbox");
    const filled = admin.getByRole("article", { name: new RegExp(`order #${orderId} backorder in stock$`) });
    await expect(filled).toContainText("has parts that were on backorder in stock now");
    await admin.goto(`/dashboard/manage-order/${orderId}`);
    await shipOrder(admin, { carrier: "Royal Mail", trackingNumber: "AB123456789GB" });
    await expect(admin.getByRole("status")).toContainText(`Order #${orderId} is now shipped.`);
    await page.reload();
    await expect(page.getByTestId(/^line-/).getByTestId("dispatch")).toHaveText("Shipped");
    await expect(page.getByTestId("shipments")).toContainText("Sent with Royal Mail, tracking number AB123456789GB");
    await admin.close();
  });
}

test("a buyer who will not wait cancels the backordered line: its stock goes back, the rest of the order stays", async ({
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const admin = await browser.newPage();
  await login(admin, { role: "admin", name: "Alex Admin" });
  const scarce = await addProduct(admin, { quantity: 3, price: "10.00" });
  const plenty = await addProduct(admin, { quantity: 20, price: "30.00" });

  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await login(page);
  for (const [name, quantity] of [
    [scarce, "5"],
    [plenty, "1"],
  ] as const) {
    await openProductPage(page, name);
    await page.getByLabel("Quantity").fill(quantity);
    await addToCart(page, page.getByRole("button", { name: "Add to Cart", exact: true }));
  }
  await page.goto("/checkout");
  await fillCheckoutAddress(page, FOUNDRY_LANE);
  await page.getByLabel("Phone").fill("+44 114 496 0000");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
  const scarceLine = page.getByTestId(/^line-/).filter({ hasText: scarce });
  await expect(scarceLine.getByTestId("dispatch")).toHaveText(/^3 now, 2 on backorder/);

  await scarceLine
    .getByRole("button", { name: /^Cancel line / })
    .or(scarceLine.getByRole("link", { name: /^Cancel line / }))
    .click();
  const question = /Cancel the 5 of .+ not yet shipped on order #\d+\? What was held for it goes back into stock\./;
  if (javaScriptEnabled) await expect(page.getByRole("dialog")).toContainText(question);
  else await expect(page.getByRole("region", { name: "Confirm" })).toContainText(question);
  await page.screenshot({ path: testInfo.outputPath("cancel-line-question.png"), fullPage: true });
  await page.getByRole("button", { name: "Yes, cancel the line" }).click();
  await expect(page.getByRole("status")).toContainText("The line is cancelled;");
  await expect(scarceLine.getByTestId("dispatch")).toHaveText("Cancelled");
  await expect(scarceLine.getByRole("button", { name: /^Cancel line / })).toHaveCount(0);
  // £30.00 of goods, £9.50 shipping, VAT on both: £47.40.
  await expect(page.getByText("£47.40")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("cancel-line-done.png"), fullPage: true });

  // The three it held are in stock again, and no order waits for the part.
  await openProductPage(admin, scarce);
  await admin.goto(admin.url().replace("/items/", "/dashboard/manage-product/"));
  await expect(admin.getByText("No order is waiting for this part.")).toBeVisible();
  await admin.close();
});
