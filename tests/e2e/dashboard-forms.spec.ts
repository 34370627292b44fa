import { expect, test } from "@playwright/test";

import { addProduct, addToCart, login, signIn, signOut } from "./fixtures";

test("a customer updates the profile, and the checkout form is prefilled from it", async ({ page }) => {
  await login(page, { name: "Morgan Miller" });
  await page.goto("/dashboard/my-profile");
  await page.getByLabel("Phone").fill("not a phone");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Enter a phone number with digits, spaces, dashes or brackets")).toBeVisible();

  await page.getByLabel("Display name").fill("Morgan M. Miller");
  await page.getByLabel("Phone").fill("+44 161 496 0123");
  await page.getByLabel("Shipping address").fill("3 Spindle Yard, Manchester");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toContainText("Profile saved");
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Morgan M. Miller").first()).toBeAttached();

  await page.goto("/items?inStock=1");
  await addToCart(page, page.getByRole("button", { name: /^Add to Cart: / }).first());
  await expect(page.getByRole("banner").getByTestId("cart-count").first()).toHaveText("1");
  await page.goto("/checkout");
  // The profile keeps one line; checkout asks for the parts and starts from what it can read in that line.
  const delivery = page.getByRole("group", { name: "Delivery address" });
  await expect(delivery.getByLabel("Address line 1")).toHaveValue("3 Spindle Yard");
  await expect(delivery.getByLabel("Town or city")).toHaveValue("Manchester");
  await expect(page.getByLabel("Phone")).toHaveValue("+44 161 496 0123");
});

test("a customer changes the password and signs in with the new one", async ({ page }) => {
  const { email, password } = await login(page);
  await page.goto("/dashboard/my-profile");
  const passwordForm = page.locator("form#password");
  await passwordForm.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password").fill("a-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Current password is not right")).toBeVisible();

  await passwordForm.getByLabel("Current password").fill(password);
  await passwordForm.getByLabel("New password").fill("a-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Password changed");

  await signOut(page);
  await page.goto("/sign-in");
  await signIn(page, email, "a-new-password");
  await expect(page).toHaveURL("/");
});

test("an admin makes a customer an admin, who then sees the admin pages", async ({ browser }) => {
  const customer = await browser.newPage();
  const { email, password } = await login(customer);

  const admin = await browser.newPage();
  await login(admin, { role: "admin", name: "Alex Admin" });
  await admin.goto("/dashboard/make-admin");
  await admin.getByLabel("Email of the account to make admin").fill("nobody-here@example.com");
  await admin.getByRole("button", { name: "Make admin" }).click();
  await expect(admin.getByText("No account has this email. The person must sign up first.")).toBeVisible();
  await admin.getByLabel("Email of the account to make admin").fill(email);
  await admin.getByRole("button", { name: "Make admin" }).click();
  await expect(admin.getByRole("status")).toContainText(`${email} is now an admin.`);
  await expect(admin.getByRole("listitem").filter({ hasText: email })).toBeVisible();

  // A role change ends the person's sessions: they sign in again and find the admin menu.
  await customer.goto("/dashboard/manage-order");
  await expect(customer).toHaveURL(/\/sign-in\?redirectTo=%2Fdashboard%2Fmanage-order/);
  await signIn(customer, email, password);
  await expect(customer).toHaveURL("/dashboard/manage-order");
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Manage Orders");
});

test("an admin adds 40 to stock and then changes the price: the stock stays 40 up, with one adjustment", async ({
  page,
}) => {
  await login(page, { role: "admin", name: "Alex Admin" });
  const name = await addProduct(page, { quantity: 10, price: "19.99" });
  // The message after adding a part links to its page and its edit page.
  const status = page.getByRole("status");
  await expect(status.getByRole("link", { name: /^View GW-/ })).toBeVisible();
  await status.getByRole("link", { name: /^Edit GW-/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
  // Stock is not a field of the edit form: it moves only by adjustments with a reason.
  await expect(page.getByLabel("Quantity Available")).toHaveCount(0);

  await page.getByLabel("Units (+ or −)").fill("40");
  await page.getByLabel("Reason").fill("Goods in");
  await page.getByRole("button", { name: "Save stock change" }).click();
  await expect(page.getByRole("status")).toContainText("40 added to stock: 50 now.");
  await expect(page.getByText("50 in stock now.")).toBeVisible();

  await page.getByLabel("Price/unit (GBP)").fill("£24.50");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText(`${name} saved`);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell", { name: "50", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "£24.50", exact: true })).toBeVisible();

  await page.goto("/dashboard/manage-product");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByText("50 in stock now.")).toBeVisible();
  const ledger = page.getByRole("region", { name: "Add or remove stock" }).getByRole("listitem");
  await expect(ledger).toHaveCount(2);
  await expect(ledger.nth(0)).toContainText("+40 → 50");
  await expect(ledger.nth(0)).toContainText("Goods in");
  await expect(ledger.nth(1)).toContainText("+10 → 10");
  await expect(ledger.nth(1)).toContainText("Opening stock");
});
