import { expect, test } from "@playwright/test";

import { expectNoAxeFindings } from "./axe";
import { fillCartFor, fillCheckoutAddress, login, untilHydrated } from "./fixtures";

// The address book (issue 27): a buyer keeps addresses in parts (a postcode that is not one is
// refused beside its field), makes one the default billing address, and checkout offers them for
// delivery and billing; the order keeps the ones chosen. With JavaScript and without, on a phone
// and a desktop.

// Each test fills two addresses, runs axe and checks out: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px a buyer keeps addresses and checkout sends the order to one and bills another`, async ({
    browser,
    javaScriptEnabled,
    baseURL,
  }, testInfo) => {
    const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
    const page = await context.newPage();
    const { userId } = await login(page, { name: "Ada Turner" });

    await page.goto("/dashboard/addresses");
    await untilHydrated(page, javaScriptEnabled);
    await expect(page.getByText("No addresses yet.")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Ada Turner");
    await page.getByLabel("Company (optional)").fill("Turner Engineering Ltd");
    await page.getByLabel("Address line 1").fill("4 Forge Lane");
    await page.getByLabel("Town or city").fill("Sheffield");
    await page.getByLabel("Postcode").fill("S3 8R");
    await page.getByLabel("Phone (optional)").fill("+44 114 496 0100");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByText("Enter a UK postcode such as S3 8RA")).toBeVisible();
    await page.getByLabel("Postcode").fill("s38ra");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByRole("status")).toContainText("Address added.");
    const first = page.getByTestId("address").first();
    await expect(first).toContainText("Sheffield S3 8RA");
    await expect(first).toContainText("Default delivery");
    await expect(first).toContainText("Default billing");

    await page.getByLabel("Name", { exact: true }).fill("Accounts Payable");
    await page.getByLabel("Address line 1").fill("1 Ledger Street");
    await page.getByLabel("Town or city").fill("Leeds");
    await page.getByLabel("Postcode").fill("LS1 4AB");
    await page.getByLabel("Default billing address").check();
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByRole("status")).toContainText("Address added.");
    await expect(page.getByTestId("address")).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath(`addresses-${width}.png`), fullPage: true });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await fillCartFor(userId);
    await page.goto("/checkout");
    await untilHydrated(page, javaScriptEnabled);
    const deliverTo = page.getByLabel("Deliver to");
    const billTo = page.getByLabel("Bill to");
    await expect(deliverTo.locator("option:checked")).toHaveText(
      "Ada Turner, Turner Engineering Ltd, 4 Forge Lane, Sheffield S3 8RA, United Kingdom",
    );
    await expect(billTo.locator("option:checked")).toHaveText(
      "Accounts Payable, 1 Ledger Street, Leeds LS1 4AB, United Kingdom",
    );
    await page.getByLabel("Phone").fill("+44 114 496 0100");
    await page.screenshot({ path: testInfo.outputPath(`checkout-addresses-${width}.png`), fullPage: true });
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
    // The order page's own section, not the text alone: with JavaScript the address bar changes a
    // moment before the page does, and checkout's pickers hold the same words.
    await expect(page.getByRole("region", { name: "Shipping" })).toContainText(
      "Ada Turner, Turner Engineering Ltd, 4 Forge Lane, Sheffield S3 8RA, United Kingdom",
    );
    await context.close();
  });
}

test("a first-time buyer types the delivery and invoice addresses in their parts at checkout, checked as the book checks them, and finds them in the book after", async ({
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled });
  const page = await context.newPage();
  const { userId } = await login(page, { name: "Noor Patel" });
  await fillCartFor(userId);
  await page.goto("/checkout");
  await untilHydrated(page, javaScriptEnabled);
  await expect(page.getByLabel("Deliver to")).toHaveCount(0);
  await expect(page.getByLabel("Shipping address")).toHaveCount(0);

  const delivery = page.getByRole("group", { name: "Delivery address" });
  await expect(delivery.getByLabel("Name", { exact: true })).toHaveValue("Noor Patel");
  await expect(delivery.getByLabel("Country")).toHaveValue("GB");
  await fillCheckoutAddress(page, {
    company: "Patel Fabrication",
    line1: "7 Anvil Court",
    town: "Derby",
    postcode: "DE1",
  });
  await page.getByText("Send the invoice to another address").click();
  await fillCheckoutAddress(
    page,
    { name: "Accounts Payable", line1: "1 Ledger Street", town: "Leeds", postcode: "ls14ab" },
    "Invoice address",
  );
  await page.getByLabel("Phone").fill("+44 1332 496 000");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(delivery.getByLabel("Postcode")).toHaveAccessibleDescription("Enter a UK postcode such as S3 8RA");
  await expect(page).toHaveURL(/\/checkout$/);
  // Refused, what was typed is still there, the invoice address open where the buyer left it.
  await expect(page.getByRole("group", { name: "Invoice address" }).getByLabel("Address line 1")).toBeVisible();
  await expect(page.getByRole("group", { name: "Invoice address" }).getByLabel("Address line 1")).toHaveValue(
    "1 Ledger Street",
  );
  await delivery.getByLabel("Postcode").fill("de1 1ab");
  await page.screenshot({ path: testInfo.outputPath("checkout-first-address-375.png"), fullPage: true });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
  const shipping = page.getByRole("region", { name: "Shipping" });
  await expect(shipping).toContainText("Noor Patel, Patel Fabrication, 7 Anvil Court, Derby DE1 1AB, United Kingdom");
  await expect(page.getByTestId("billing-address")).toHaveText(
    "Accounts Payable, 1 Ledger Street, Leeds LS1 4AB, United Kingdom",
  );

  await page.goto("/dashboard/addresses");
  const kept = page.getByTestId("address");
  await expect(kept).toHaveCount(2);
  await expect(kept.filter({ hasText: "7 Anvil Court" })).toContainText("Default delivery");
  await expect(kept.filter({ hasText: "1 Ledger Street" })).toContainText("Default billing");
  await context.close();
});

test("a company admin keeps the company's addresses with the keyboard alone, and checkout offers them to its buyer", async ({
  browser,
  javaScriptEnabled,
  baseURL,
}, testInfo) => {
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
  const adminPage = await adminContext.newPage();
  const admin = await login(adminPage, { name: "Carla Admin" });
  const buyerContext = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled });
  const buyerPage = await buyerContext.newPage();
  const buyer = await login(buyerPage, { name: "Ben Buyer" });
  const { addMember, createCompany } = await import("~/models/company");
  const companyName = `Wharf Presswork ${javaScriptEnabled ? "js" : "nojs"} Ltd`;
  const created = await createCompany({
    name: companyName,
    vatNumber: null,
    paymentTermsDays: 30,
    creditLimitCents: 1_000_000,
    adminEmail: admin.email,
  });
  if (!created.ok) throw new Error(created.reason);
  const joined = await addMember(created.companyId, buyer.email, {
    role: "buyer",
    orderLimitCents: null,
    monthlyLimitCents: null,
  });
  if (!joined.ok) throw new Error(joined.reason);

  await adminPage.goto("/dashboard/addresses");
  await untilHydrated(adminPage, javaScriptEnabled);
  await expect(adminPage.getByRole("heading", { name: `${companyName}’s addresses` })).toBeVisible();
  // Keyboard alone: the link to the company's form, then field by field with Tab, Space and Enter.
  await adminPage.getByRole("link", { name: `Add an address to ${companyName}’s book` }).focus();
  await adminPage.keyboard.press("Enter");
  await expect(adminPage.getByRole("heading", { name: `Add an address to ${companyName}’s book` })).toBeVisible();
  await adminPage.getByLabel("Name", { exact: true }).focus();
  // Name, company, line 1, line 2 (left empty), town, postcode.
  for (const text of ["Goods In", companyName, "Dock 3, Wharf Road", "", "Sheffield", "s3 8ra"]) {
    if (text) await adminPage.keyboard.type(text);
    await adminPage.keyboard.press("Tab");
  }
  // Country (United Kingdom already), phone, then the two default boxes.
  await adminPage.keyboard.press("Tab");
  await adminPage.keyboard.press("Tab");
  await adminPage.keyboard.press("Space");
  await expect(adminPage.getByLabel("Default billing address")).toBeChecked();
  await adminPage.keyboard.press("Tab");
  await adminPage.keyboard.press("Space");
  await adminPage.keyboard.press("Tab");
  await expect(adminPage.getByRole("button", { name: "Add address" })).toBeFocused();
  await adminPage.keyboard.press("Enter");
  await expect(adminPage.getByRole("status")).toContainText("Address added.");
  const shared = adminPage.locator("#company-addresses ~ ul").getByTestId("address");
  await expect(shared).toContainText("Dock 3, Wharf Road");
  await expect(shared).toContainText("Default delivery");
  await adminPage.screenshot({ path: testInfo.outputPath("company-addresses-1280.png"), fullPage: true });
  await expectNoAxeFindings(adminPage, browser, javaScriptEnabled, baseURL!);

  // The buyer reads the company's book without its buttons, and checkout offers it.
  await buyerPage.goto("/dashboard/addresses");
  await expect(buyerPage.getByText("Your company's admins keep these")).toBeVisible();
  await expect(buyerPage.getByTestId("address")).toHaveCount(1);
  await expect(buyerPage.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await buyerPage.screenshot({ path: testInfo.outputPath("company-addresses-buyer-375.png"), fullPage: true });
  await fillCartFor(buyer.userId);
  await buyerPage.goto("/checkout");
  await untilHydrated(buyerPage, javaScriptEnabled);
  const deliverTo = buyerPage.getByLabel("Deliver to");
  await expect(deliverTo.locator('optgroup[label="Your company\'s addresses"] option')).toHaveCount(1);
  await expect(deliverTo.locator("option:checked")).toHaveText(
    `Goods In, ${companyName}, Dock 3, Wharf Road, Sheffield S3 8RA, United Kingdom`,
  );
  await buyerPage.getByLabel("Phone").fill("+44 114 496 0100");
  await buyerPage.screenshot({ path: testInfo.outputPath("checkout-company-address-375.png"), fullPage: true });
  await buyerPage.getByRole("button", { name: "Place Order" }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/my-order\/\d+$/);
  await expect(buyerPage.getByRole("region", { name: "Shipping" })).toContainText(
    `Goods In, ${companyName}, Dock 3, Wharf Road, Sheffield S3 8RA, United Kingdom`,
  );
  await adminContext.close();
  await buyerContext.close();
});
