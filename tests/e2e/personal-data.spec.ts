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
