import { expect, type Page, test } from "@playwright/test";

import {
  addProduct,
  addToCart,
  fillCheckoutAddress,
  FOUNDRY_LANE,
  login,
  openProductPage,
  shipOrder,
} from "./fixtures";

// A bill of materials from the product pages to a placed order and back, with JavaScript and
// without: every step is a form that works either way.

// The whole flow is a dozen pages for two browsers (about 25 s on PostgreSQL): more than the
// default 30 s allows on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function addFromProductPage(page: Page, name: string, quantity: number, javaScriptEnabled: boolean) {
  await openProductPage(page, name);
  await page.getByLabel("Quantity").fill(String(quantity));
  await addToCart(page, page.getByRole("button", { name: "Add to Cart" }));
  // Without JavaScript the cart sends the buyer back here with a message; with it the form stays.
  if (!javaScriptEnabled) await expect(page.getByRole("status")).toContainText("Added to your cart");
}

test("a bill of materials: add from product pages, change a quantity, check out with a PO, cancel, order again, and an admin ships it", async ({
  browser,
  javaScriptEnabled,
}) => {
  const admin = await browser.newPage();
  await login(admin, { role: "admin", name: "Alex Admin" });
  const gear = await addProduct(admin, { quantity: 20, price: "12.50" });
  const belt = await addProduct(admin, { quantity: 20, price: "40.00" });

  const page = await browser.newPage();
  await login(page);
  await addFromProductPage(page, gear, 2, javaScriptEnabled);
  await expect(page.getByRole("banner").getByTestId("cart-count").first()).toHaveText("1");
  await addFromProductPage(page, belt, 1, javaScriptEnabled);
  await expect(page.getByRole("banner").getByTestId("cart-count").first()).toHaveText("2");

  await page.goto("/cart");
  await page.getByLabel(`Quantity of ${gear}`).fill("3");
  await page
    .getByRole("row", { name: new RegExp(gear) })
    .getByRole("button", { name: "Update" })
    .click();
  // 3 × 12.50 + 40.00 = 77.50; shipping 9.50; VAT 20% of 87.00 = 17.40.
  await expect(page.getByTestId("bill-subtotal")).toHaveText("£77.50");
  await expect(page.getByTestId("bill-total")).toHaveText("£104.40");

  await page.getByRole("link", { name: "Check out" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(page.getByTestId("bill-total")).toHaveText("£104.40");
  await fillCheckoutAddress(page, FOUNDRY_LANE);
  await page.getByLabel("Phone").fill("+44 114 496 0000");
  await page.getByLabel("Purchase order number (optional)").fill("PO-2026-0042");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
  await expect(page.getByRole("status")).toContainText("Order placed successfully");
  await expect(page.getByRole("row", { name: new RegExp(gear) })).toContainText("3");
  await expect(page.getByRole("row", { name: new RegExp(belt) })).toContainText("£40.00");
  await expect(page.getByTestId("bill-total")).toHaveText("£104.40");
  await expect(page.getByTestId("po-number")).toHaveText("PO-2026-0042");
  await expect(page.getByRole("banner").getByTestId("cart-count").first()).toHaveText("0");
  const orderId = page.url().split("/").at(-1);

  await page.getByRole(javaScriptEnabled ? "button" : "link", { name: `Cancel order #${orderId}` }).click();
  await page.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(page.getByRole("status")).toContainText(`Order #${orderId} cancelled.`);
  await expect(page.getByRole("main").getByText("cancelled", { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "Order again" }).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByRole("status")).toContainText("2 parts from this order added to your cart.");
  await expect(page.getByLabel(`Quantity of ${gear}`)).toHaveValue("3");
  await expect(page.getByLabel(`Quantity of ${belt}`)).toHaveValue("1");

  // The same lines again, placed this time, for the admin to ship.
  await page.getByRole("link", { name: "Check out" }).click();
  // The address typed the first time is in the address book now, chosen for this order.
  await expect(page.getByLabel("Deliver to").locator("option:checked")).toContainText(
    "12 Foundry Lane, Sheffield S3 8RA",
  );
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
  const secondId = page.url().split("/").at(-1);

  await admin.goto(`/dashboard/manage-order?q=${secondId}`);
  const row = admin.getByRole("row", { name: new RegExp(`#${secondId}`) });
  await expect(row).toContainText("12 Foundry Lane, Sheffield S3 8RA");
  await expect(row).toContainText("+44 114 496 0000");
  await row.getByRole("link", { name: `#${secondId}` }).click();
  await expect(admin).toHaveURL(`/dashboard/manage-order/${secondId}`);
  await expect(admin.getByRole("main")).toContainText("12 Foundry Lane, Sheffield S3 8RA");
  // A tracked carrier needs its number: refused, the form is there again with what was chosen.
  await shipOrder(admin, { carrier: "Royal Mail", trackingNumber: "" });
  await expect(admin.getByLabel("Tracking number")).toHaveAccessibleDescription(/Enter Royal Mail's tracking number/);
  await expect(admin.getByLabel("Carrier")).toHaveValue("royal-mail");
  await shipOrder(admin, { carrier: "Our own van", trackingNumber: "" });
  await expect(admin.getByRole("status")).toContainText(`Order #${secondId} is now shipped.`);
  await expect(admin.getByTestId("shipment-tracking")).toHaveText("Sent with Our own van");

  await page.reload();
  await expect(page.getByRole("main").getByText("shipped", { exact: true }).first()).toBeVisible();
});

test("quick order: a pasted list goes into the cart and the two bad lines are listed with their reasons", async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await login(admin, { role: "admin", name: "Alex Admin" });
  const name = await addProduct(admin, { quantity: 50 });
  await openProductPage(admin, name);
  const partNumber = (await admin.getByText(/^Part number /).textContent())!.replace("Part number ", "").trim();

  const page = await browser.newPage();
  await login(page);
  await page.goto("/quick-order");
  await page
    .getByLabel("Part numbers and quantities")
    .fill([`${partNumber}\t5`, "GW-NO-SUCH-PART; 2", `${partNumber}, many`].join("\n"));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const notAdded = page.getByRole("list", { name: "Lines not added" });
  await expect(notAdded.getByRole("listitem")).toHaveCount(2);
  await expect(notAdded).toContainText("No part has the number GW-NO-SUCH-PART");
  await expect(notAdded).toContainText('"many" is not a quantity');
  // The box holds only the lines not added, to be corrected; the good one is in the cart.
  await expect(page.getByLabel("Part numbers and quantities")).toHaveValue(
    ["GW-NO-SUCH-PART; 2", `${partNumber}, many`].join("\n"),
  );
  await expect(notAdded.getByRole("listitem").first()).toContainText("Line 2");
  await page.getByRole("link", { name: "Go to your cart" }).click();
  await expect(page.getByLabel(`Quantity of ${name}`)).toHaveValue("5");
});
