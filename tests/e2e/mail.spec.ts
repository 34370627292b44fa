import { expect, test } from "@playwright/test";

import { login, placeOrderFor } from "./fixtures";

test("without SMTP_URL an admin reads in the outbox the confirmation the customer would have received", async ({
  browser,
}) => {
  const customer = await browser.newPage();
  const { userId, email } = await login(customer, { name: "Olive Outbox" });
  const { orderId } = await placeOrderFor(userId);

  const admin = await browser.newPage();
  await login(admin, { role: "admin", name: "Alex Admin" });
  await admin.goto("/dashboard");
  await admin.getByRole("link", { name: "Outbox" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Outbox");
  await expect(admin.getByText("SMTP_URL is not set")).toBeVisible();
  const message = admin.getByRole("article", { name: new RegExp(`order #${orderId} placed$`) });
  await expect(message).toContainText(`To ${email}`);
  await expect(message).toContainText("pending");
  await message.getByText("Message text").click();
  await expect(message.locator("pre")).toContainText("Hello Olive Outbox");
  await expect(message.locator("pre")).toContainText(`/dashboard/my-order/${orderId}`);
});
