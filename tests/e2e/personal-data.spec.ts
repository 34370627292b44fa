import fs from "node:fs";

import { expect, test } from "@playwright/test";

import { login } from "./fixtures";

// Issue 53: "Download my data" from My Profile saves one JSON file and leaves the page as it was,
// with JavaScript and without.

test("Download my data saves the account's file and stays on My Profile", async ({ page }) => {
  const me = await login(page, { name: "Dana Export" });
  await page.goto("/dashboard/my-profile");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(data.account).toMatchObject({ email: me.email, display_name: "Dana Export" });
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Profile");
});

for (const width of [375, 1280]) {
  test(`at ${width} px Delete my account asks for the password, then the account is gone and signs in no more`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const me = await login(page, { name: "Dana Leaving" });
    await page.goto("/dashboard/my-profile");
    const section = page.getByRole("region", { name: "Delete my account" });
    await section.getByLabel("Password").fill("not-my-password");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(section.getByLabel("Password")).toHaveAccessibleDescription(/Password is not right/);
    await section.getByRole("button", { name: "Delete my account" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`delete-account-${width}.png`), fullPage: false });

    await section.getByLabel("Password").fill(me.password);
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toContainText("Your account has been deleted");
    await page.goto("/dashboard/my-profile");
    await expect(page).toHaveURL(/\/sign-in/);
    await page.getByLabel("Email").fill(me.email);
    await page.getByLabel("Password").fill(me.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
  });
}
