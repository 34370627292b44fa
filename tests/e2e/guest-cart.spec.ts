import { expect, type Page, test } from "@playwright/test";

import { uniqueEmail } from "../support/unique";
import { expectNoAxeFindings } from "./axe";
import { addProduct, addToCart, login, PASSWORD } from "./fixtures";

// A cart before an account (docs/decisions/0029-guest-carts.md): a visitor fills it, sees the whole
// bill, signs up on the way to checkout and finds it whole, told what moved. With JavaScript and
// without, on a phone and a desktop.

test.describe.configure({ timeout: 90_000 });

async function partNumberOf(page: Page, name: string) {
  await page.goto(`/items?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  return (await page.getByText(/^Part number /).textContent())!.replace("Part number ", "").trim();
}

const cartCount = (page: Page) => page.getByRole("banner").getByTestId("cart-count").first();

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px a visitor fills a cart, sees the bill, signs up and finds the cart whole`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    const admin = await browser.newPage();
    await login(admin, { role: "admin", name: "Alex Admin" });
    const gear = await addProduct(admin, { quantity: 50, price: "12.50" });
    const belt = await addProduct(admin, { quantity: 20, price: "40.00" });
    const gearNumber = await partNumberOf(admin, gear);
    const beltNumber = await partNumberOf(admin, belt);

    // A context of its own (axe needs one it can open pages in), as a new visitor's browser.
    const visitor = await browser.newContext({ viewport: { width, height } });
    const page = await visitor.newPage();
    // A quantity typed on the product page.
    await page.goto(`/items?q=${encodeURIComponent(gear)}`);
    await page.getByRole("link", { name: gear, exact: true }).first().click();
    await page.getByLabel("Quantity").fill("3");
    await addToCart(page, page.getByRole("button", { name: "Add to Cart", exact: true }));
    if (!javaScriptEnabled) await expect(page.getByRole("status")).toContainText("Added to your cart (3 in the cart).");
    await expect(cartCount(page)).toHaveText("1");
    // A card's Add to Cart in the catalog: no detour to sign in.
    await page.goto(`/items?q=${encodeURIComponent(belt)}`);
    await addToCart(page, page.getByRole("button", { name: `Add to Cart: ${belt}` }));
    await expect(page).toHaveURL(/\/items\?q=/);
    await expect(cartCount(page)).toHaveText("2");

    await page.goto("/cart");
    await expect(page.getByLabel(`Quantity of ${gear}`)).toHaveValue("3");
    await expect(page.getByLabel(`Quantity of ${belt}`)).toHaveValue("1");
    // 3 × 12.50 + 40.00 = 77.50; shipping 9.50; VAT 20% of 87.00 = 17.40.
    await expect(page.getByTestId("bill-subtotal")).toHaveText("£77.50");
    await expect(page.getByTestId("bill-total")).toHaveText("£104.40");
    await expect(page.getByTestId("why-an-account")).toContainText("Checking out needs an account");
    await expect(page.getByRole("link", { name: "Sign in to check out" })).toHaveAttribute(
      "href",
      "/sign-in?redirectTo=%2Fcheckout",
    );
    await page.screenshot({ path: testInfo.outputPath(`guest-cart-${width}.png`), fullPage: true });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await page.getByTestId("why-an-account").getByRole("link", { name: "create an account" }).click();
    await expect(page).toHaveURL("/sign-up?redirectTo=%2Fcheckout");
    await expect(page.getByTestId("cart-comes-along")).toHaveText(
      "The 2 parts in your cart will be in your account’s cart once you are signed in.",
    );
    await page.getByLabel("Name", { exact: true }).fill("Pat Machinist");
    await page.getByLabel("Email").fill(uniqueEmail("guest"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL("/checkout");
    await expect(page.getByRole("status")).toContainText(`3 × ${gearNumber} and 1 × ${beltNumber} added to your cart.`);
    await expect(page.getByRole("row", { name: new RegExp(gear) })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(belt) })).toBeVisible();
    await expect(page.getByTestId("bill-total")).toHaveText("£104.40");
    await expect(cartCount(page)).toHaveText("2");
    await page.screenshot({ path: testInfo.outputPath(`after-sign-up-${width}.png`), fullPage: true });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await page.goto("/cart");
    await expect(page.getByLabel(`Quantity of ${gear}`)).toHaveValue("3");
    await expect(page.getByLabel(`Quantity of ${belt}`)).toHaveValue("1");
    await expect(page.getByRole("link", { name: "Check out" })).toBeVisible();
    await admin.close();
    await visitor.close();
  });
}

test("a quantity the cart refuses marks its row's input invalid and says why beside it", async ({ page }) => {
  await page.goto("/items?inStock=1");
  await addToCart(page, page.getByRole("button", { name: /^Add to Cart: / }).first());
  await page.goto("/cart");
  const quantity = page.getByRole("spinbutton", { name: /^Quantity of / }).first();
  await quantity.fill("0");
  await page.getByRole("button", { name: "Update", exact: true }).first().click();
  // The server refuses it (the form asks the browser for no bubble), with or without JavaScript.
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveAccessibleDescription(/\S/);
});
