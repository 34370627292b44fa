import { expect, test } from "@playwright/test";

import { expectNoAxeFindings } from "./axe";
import { fillCartFor, login } from "./fixtures";

// The address book (issue 27): a buyer keeps addresses in parts (a postcode that is not one is
// refused beside its field), makes one the default billing address, and checkout offers them for
// delivery and billing; the order keeps the ones chosen. With JavaScript and without, on a phone
// and a desktop.

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
    await expect(
      page.getByText("Ada Turner, Turner Engineering Ltd, 4 Forge Lane, Sheffield S3 8RA, United Kingdom"),
    ).toBeVisible();
    await context.close();
  });
}
