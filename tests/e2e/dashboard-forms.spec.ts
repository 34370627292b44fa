import { expect, test } from "@playwright/test";

import { addToCart, login, signIn, signOut } from "./fixtures";

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
  await expect(page.getByLabel("Shipping address")).toHaveValue("3 Spindle Yard, Manchester");
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
