import { expect, test } from "@playwright/test";

import {
  login,
  loginCredentials,
  placeOrderFor,
  resetLinkFor,
  signIn,
  signOut,
  signUp,
  verifyLinkFor,
} from "./fixtures";

test("without SMTP_URL an admin reads in the outbox the confirmation the customer would have received", async ({
  browser,
}) => {
  const customer = await browser.newPage();
  const { userId, email } = await login(customer, { name: "Olive Outbox" });
  const { orderId } = await placeOrderFor(userId);

  const admin = await browser.newPage();
  await login(admin, { role: "admin", name: "Alex Admin" });
  await admin.goto("/dashboard");
  await admin.getByRole("link", { name: "Outbox", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Outbox");
  await expect(admin.getByText("SMTP_URL is not set")).toBeVisible();
  const message = admin.getByRole("article", { name: new RegExp(`order #${orderId} placed$`) });
  await expect(message).toContainText(`To ${email}`);
  await expect(message).toContainText("pending");
  await message.getByText("Message text").click();
  await expect(message.locator("pre")).toContainText("Hello Olive Outbox");
  await expect(message.locator("pre")).toContainText(`/dashboard/my-order/${orderId}`);
});

test("forgot password: ask for a link, choose a new password from it, sign in with the new one", async ({ page }) => {
  const { email } = await loginCredentials();
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account uses this email" })).toBeVisible();

  await page.goto(await resetLinkFor(email));
  await page.getByLabel("New password").fill("abc");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await page.getByLabel("New password").fill("a-fresh-password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status")).toContainText("Your password is changed");

  await signOut(page);
  await page.goto("/sign-in");
  await signIn(page, email, "a-fresh-password");
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
});

test("a new customer confirms the email address from the link, with a press on the page it opens", async ({ page }) => {
  const { email } = await signUp(page, { name: "Vera Verified" });
  await page.goto("/dashboard");
  await expect(page.getByText("Please confirm your email address")).toBeVisible();
  const link = await verifyLinkFor(email);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email address");
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/);
  await expect(page.getByRole("status")).toContainText("Thank you: your email address is confirmed.");
  await page.goto("/dashboard");
  await expect(page.getByText("Please confirm your email address")).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This link has expired or was already used.");
});
