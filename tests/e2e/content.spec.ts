import { expect, test } from "@playwright/test";

import { uniqueEmail } from "../support/unique";
import { login, PUBLIC_PAGES } from "./fixtures";

for (const path of PUBLIC_PAGES) {
  test(`${path} has a title, a description, one h1 and landmarks`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(/\S/);
    if (path !== "/no-such-page") {
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    }
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    await expect(page.getByRole("main")).toBeAttached();
    await expect(page.getByRole("contentinfo")).toBeAttached();
    await expect(page.locator("body")).not.toContainText(/lorem ipsum|coming soon|placeholder/i);
    // axe, with every rule, checks these pages in accessibility.spec.ts.
  });
}

test("every blog card leads to a complete answer", async ({ page }) => {
  await page.goto("/blog");
  const links = page.getByRole("link", { name: /^Read the answer/ });
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(6);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
  for (const href of hrefs) {
    await page.goto(href!);
    await expect(page.locator("h1")).toHaveCount(1);
    expect((await page.locator("article p").allInnerTexts()).join(" ").length).toBeGreaterThan(1200);
  }
});

test("the portfolio's external links open safely", async ({ page }) => {
  await page.goto("/portfolio");
  const external = page.locator('a[target="_blank"]');
  await expect(external).toHaveCount(3);
  for (const link of await external.all()) await expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

test("the contact form validates, stores the message and an admin reads it", async ({ page, browser }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Enter your name")).toBeVisible();
  await expect(page.getByText("Enter Your Email")).toBeVisible();
  await expect(page.getByText("Enter a message")).toBeVisible();

  const text = `Can you supply 40 pillow blocks by Friday? ${uniqueEmail("ref")}`;
  await page.getByLabel("Name", { exact: true }).fill("Quinn Fitter");
  await page.getByLabel("Email", { exact: true }).fill("quinn@example.com");
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toContainText("Message sent, thank you");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

  const admin = await browser.newPage();
  await login(admin, { role: "admin", name: "Alex Admin" });
  await admin.goto("/dashboard/messages");
  await expect(admin.getByText(text)).toBeVisible();
});

test("a submit button is disabled while its form is on its way, so a second click posts nothing", async ({ page }) => {
  test.skip(test.info().project.name === "js-off", "without JavaScript the browser itself owns the submission");
  let posts = 0;
  await page.route("**/contact*", async (route) => {
    if (route.request().method() === "POST") {
      posts += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue();
  });
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Dana Double");
  await page.getByLabel("Email", { exact: true }).fill("dana@example.com");
  await page.getByLabel("Message", { exact: true }).fill("Clicked twice by accident.");
  const send = page.locator("form button[type=submit]").filter({ hasText: /Send/ });
  await send.click();
  await expect(send).toBeDisabled();
  await send.click({ force: true });
  await expect(page.getByRole("status")).toContainText("Message sent, thank you");
  expect(posts).toBe(1);
});

test("an unknown blog post answers 404 in its own words, inside the shop's layout", async ({ page }) => {
  const response = await page.goto("/blog/no-such-question");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "No such question" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.locator("h1")).toHaveCount(1);
});
