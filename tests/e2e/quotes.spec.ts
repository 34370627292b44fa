import { expect, test } from "@playwright/test";

import { addCalendarDays } from "~/lib/quotes";

import { addProduct, addToCart, login, openProductPage } from "./fixtures";

// Quotes (issue 26): a buyer asks for prices on the cart's lines, staff price every line and send
// the quote with a date, and the buyer accepts it, which places the order at the quoted prices once
// and only once. With JavaScript and without, on a phone and a desktop.

test.describe.configure({ timeout: 90_000 });

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px a buyer asks for a quote, staff price and send it, and the buyer accepts it once`, async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const admin = await browser.newPage();
    await login(admin, { role: "admin", name: "Alex Admin" });
    const part = await addProduct(admin, { quantity: 50, price: "24.00" });

    // A context of its own, so a second tab can share the buyer's session.
    const buyer = await browser.newContext({ viewport: { width, height } });
    const page = await buyer.newPage();
    await login(page);
    await openProductPage(page, part);
    await page.getByLabel("Quantity").fill("5");
    await addToCart(page, page.getByRole("button", { name: "Add to Cart", exact: true }));
    if (!javaScriptEnabled) await expect(page.getByRole("status")).toContainText("Added to your cart (5 in the cart).");

    await page.goto("/cart");
    const request = page.getByRole("region", { name: "Request a quote" });
    await request.getByLabel("What is the quote for?").fill("Five for the spring overhaul, by May.");
    await page.screenshot({ path: testInfo.outputPath(`cart-${width}.png`), fullPage: true });
    await request.getByRole("button", { name: "Request a quote" }).click();
    await expect(page).toHaveURL(/\/dashboard\/quotes\/\d+$/);
    const quotePath = new URL(page.url()).pathname;
    const quoteId = quotePath.split("/").at(-1);
    // The heading is the new quote's before its number is read: with JavaScript the URL moves first.
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^Quote Q-\d{4}-\d{5}$/);
    const number = ((await heading.textContent()) ?? "").replace("Quote ", "");
    await expect(page.getByRole("status")).toContainText(
      `Quote request ${number} sent. We will email you when it is priced; your cart is as it was.`,
    );
    await expect(page.getByTestId("quote-status")).toHaveText("Requested");
    await expect(page.getByTestId(/^line-/)).toContainText("To be quoted");
    await expect(
      page.getByText("Our sales team is pricing this request; we will email you when it is ready."),
    ).toBeVisible();
    // Nothing to accept until staff have priced it.
    await expect(page.getByRole("button", { name: "Accept and place order" })).toHaveCount(0);

    // Staff find it by its number, as they would from the buyer's email or phone call.
    await admin.goto("/dashboard/manage-quotes");
    await admin.getByLabel("Quote number or customer").fill(number);
    await admin.getByRole("button", { name: "Filter" }).click();
    const row = admin.getByTestId(`quote-${number}`);
    await expect(row).toContainText(part);
    await expect(row).toContainText("To be quoted");
    await expect(row.getByTestId("quote-status")).toHaveText("Requested");
    await row.getByRole("link", { name: number }).click();
    await expect(admin).toHaveURL(new RegExp(`/dashboard/manage-quotes/${quoteId}$`));
    await expect(admin.getByText("Five for the spring overhaul, by May.")).toBeVisible();
    await admin.getByLabel(`Quoted price of ${part}`).fill("18.40");
    // The store's today (its time zone, not the test machine's) is the field's earliest day.
    const today = await admin.getByLabel("Valid until").getAttribute("min");
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const validUntil = addCalendarDays(today!, 14);
    await admin.getByLabel("Valid until").fill(validUntil);
    await admin.getByRole("button", { name: "Send quote" }).click();
    await expect(admin.getByRole("status")).toContainText(`Quote ${number} sent to the buyer.`);
    await expect(admin.getByTestId("quote-status")).toHaveText("Sent");
    await expect(admin.getByRole("button", { name: "Send again" })).toBeVisible();

    await page.goto(quotePath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${number}`);
    await expect(page.getByTestId("quote-status")).toHaveText("Sent");
    await expect(page.getByTestId("valid-until").locator("time")).toHaveAttribute("datetime", validUntil);
    // Cells by their column's name (what a phone shows as each stacked cell's label), so a price is
    // checked in its own column, not just somewhere on the line.
    const quoteLine = page.getByTestId(/^line-/);
    await expect(quoteLine.locator('td[data-label="List price"]')).toHaveText("£24.00");
    await expect(quoteLine.locator('td[data-label="Quoted price"]')).toHaveText("£18.40");
    await expect(quoteLine.locator('td[data-label="Line total"]')).toHaveText("£92.00");
    // £92.00 of goods, £9.50 shipping, VAT on both: £121.80.
    await expect(page.getByTestId("bill-total")).toHaveText("£121.80");
    await expect(
      page.getByText("Accepting places the order at the quoted prices: £121.80 with shipping and tax."),
    ).toBeVisible();
    // Printing needs the browser's own script; without JavaScript the page offers no button that cannot work.
    await expect(page.getByRole("button", { name: "Print" })).toHaveCount(javaScriptEnabled ? 1 : 0);
    await page.screenshot({ path: testInfo.outputPath(`quote-sent-${width}.png`), fullPage: true });

    // A second tab still showing Accept: the buyer's double click, or a colleague at the same time.
    const staleTab = await buyer.newPage();
    await staleTab.goto(quotePath);
    await expect(staleTab.getByRole("button", { name: "Accept and place order" })).toBeVisible();

    const accept = page.getByRole("region", { name: "Accept this quote" });
    await accept.getByLabel("Shipping address").fill("12 Foundry Lane, Sheffield S3 8RA");
    await accept.getByLabel("Phone").fill("+44 114 496 0000");
    await accept.getByLabel("Purchase order number (optional)").fill("PO-4471");
    await accept.getByRole("button", { name: "Accept and place order" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
    const orderId = page.url().split("/").at(-1);
    await expect(page.getByRole("status")).toContainText(`Quote ${number} accepted. Order placed successfully.`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${orderId}`);
    const orderLine = page.getByTestId(/^line-/);
    await expect(orderLine).toHaveCount(1);
    await expect(orderLine).toContainText(part);
    await expect(orderLine.locator('td[data-label="Unit price"]')).toHaveText("£18.40");
    await expect(orderLine.locator('td[data-label="Quantity"]')).toHaveText("5");
    await expect(orderLine.locator('td[data-label="Line total"]')).toHaveText("£92.00");
    await expect(page.getByTestId("bill-total")).toHaveText("£121.80");
    await page.screenshot({ path: testInfo.outputPath(`order-${width}.png`), fullPage: true });

    // Back on the quote: accepted, linked to its order, and nothing left to accept.
    await page.goto(quotePath);
    await expect(page.getByTestId("quote-status")).toHaveText("Accepted");
    await expect(page.getByText("You accepted this quote: its order is linked above.")).toBeVisible();
    await expect(page.getByRole("link", { name: `#${orderId}` })).toHaveAttribute(
      "href",
      `/dashboard/my-order/${orderId}`,
    );
    await expect(page.getByRole("button", { name: "Accept and place order" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Withdraw quote ${number}` })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`quote-accepted-${width}.png`), fullPage: true });

    // The stale tab's Accept, filled in full, is refused and orders nothing more.
    await staleTab.getByLabel("Shipping address").fill("12 Foundry Lane, Sheffield S3 8RA");
    await staleTab.getByLabel("Phone").fill("+44 114 496 0000");
    await staleTab.getByRole("button", { name: "Accept and place order" }).click();
    await expect(staleTab.getByRole("alert")).toHaveText(
      `Quote ${number} was already accepted as order #${orderId}; nothing more was ordered.`,
    );
    await expect(staleTab).toHaveURL(new RegExp(`${quotePath}$`));
    await expect(staleTab.getByTestId("quote-status")).toHaveText("Accepted");
    await expect(staleTab.getByRole("button", { name: "Accept and place order" })).toHaveCount(0);
    await staleTab.screenshot({ path: testInfo.outputPath(`accept-twice-${width}.png`), fullPage: true });

    await page.goto("/dashboard/my-order");
    // One order for the buyer: the refused Accept placed none.
    await expect(page.getByRole("link", { name: /^#\d+$/ })).toHaveText([`#${orderId}`]);

    await admin.goto(`/dashboard/manage-quotes?q=${encodeURIComponent(number)}`);
    await expect(admin.getByTestId(`quote-${number}`).getByTestId("quote-status")).toHaveText("Accepted");
    await admin.close();
    await buyer.close();
  });
}
