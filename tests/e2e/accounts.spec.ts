import { expect, test } from "@playwright/test";

import { uniqueEmail } from "../support/unique";
import { E2E_ADMIN, login, PASSWORD, searchBox, signIn, signOut, signUp } from "./fixtures";

test("the home page shell has one h1, the navbar, a main and the footer", async ({ page, javaScriptEnabled }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`${new Date().getUTCFullYear()} Gearwright Parts`);
  await expect(page.getByRole("link", { name: "Gearwright Parts" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["Shop", "About us", "Contact", "Blog", "My Portfolio"]) {
    await expect(nav.getByRole("link", { name: label, exact: true }).first()).toBeVisible();
  }
  await expect(searchBox(nav, javaScriptEnabled).first()).toBeVisible();
  // The dashboard is for signed-in visitors: the header offers Sign In instead.
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
});

test("sign up, sign out and sign in again", async ({ page }) => {
  const { name, email } = await signUp(page, { name: "Robin Lathe" });
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByText(name).first()).toBeVisible();

  await signOut(page);
  await expect(page.getByText(name)).toHaveCount(0);

  await page.getByRole("link", { name: "Sign In" }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, email);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByText(name).first()).toBeVisible();
});

test("a guarded page sends a signed-out visitor to sign in and back again", async ({ page }) => {
  const { email } = await signUp(page);
  await signOut(page);

  await page.goto("/dashboard/my-order");
  await expect(page).toHaveURL("/sign-in?redirectTo=%2Fdashboard%2Fmy-order");
  await signIn(page, email);
  await expect(page).toHaveURL("/dashboard/my-order");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
});

test("sign-in validates on submit and shows messages beside the fields", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password");
  await expect(page.getByText("Enter Your Email")).toBeVisible();
  await expect(page.getByText("Enter Your Password")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  const describedBy = await email.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Enter Your Email");

  await email.fill("not-an-email");
  await password.fill("123");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Email Not Valid")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
});

test("after a failed submit, messages update as the visitor types", async ({ page, javaScriptEnabled }) => {
  test.skip(
    !javaScriptEnabled,
    "validation on change runs in the browser; without JavaScript the server answers on submit",
  );
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Enter Your Email")).toBeVisible();
  await page.getByLabel("Email").fill("someone@");
  await expect(page.getByText("Email Not Valid")).toBeVisible();
  await page.getByLabel("Email").fill("someone@example.com");
  await expect(page.getByText("Email Not Valid")).toHaveCount(0);
  await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
});

test("a wrong password shows one message under the password field", async ({ page }) => {
  await page.goto("/sign-in");
  await signIn(page, E2E_ADMIN.email, "not-the-password");
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await signIn(page, uniqueEmail("nobody"), "not-the-password");
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("sign-up shows every message the form needs", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Enter Your Name")).toBeVisible();
  await expect(page.getByText("Enter Your Email")).toBeVisible();
  await expect(page.getByText("Enter Your Password")).toBeVisible();
});

test("Google sign-in creates an account through the provider's redirect and callback", async ({ page }) => {
  const email = uniqueEmail("google");
  await page.goto("/sign-in?redirectTo=%2Fdashboard%2Fmy-profile");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Name").fill("Gale Google");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/dashboard/my-profile");
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Gale Google").first()).toBeVisible();
});

test("Google sign-in on an account whose address was never proven gives it to the address's owner, and says so", async ({
  page,
}) => {
  const { email } = await signUp(page, { name: "Mallory Maker" });
  await signOut(page);
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Name").fill("Olive Owner");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/dashboard/my-profile");
  await expect(page.getByRole("status")).toContainText("removed its password");
  await expect(page.getByText(`Google is linked: ${email} can sign in to this account.`)).toBeVisible();
  await signOut(page);
  // Whoever made the account on this address cannot sign in with its password any more.
  await page.goto("/sign-in");
  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("an owner links Google from My Profile with the password, sees which Google is linked, and signs in with it", async ({
  page,
}) => {
  const { name, email, password } = await login(page, { name: "Linked Person" });
  await page.goto("/dashboard/my-profile");
  const google = page.getByRole("region", { name: "Google sign-in" });
  await google.getByLabel("Current password").fill("not-the-password");
  await google.getByRole("button", { name: "Link Google account" }).click();
  // Refused before Google: the page says why, beside the field.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link your Google account");
  await expect(page.getByText("Current password is not right").first()).toBeVisible();
  await page.getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Link Google account" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Name").fill("A Different Google Name");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`Google account ${email} linked`)).toBeVisible();
  await expect(page.getByText(`Google is linked: ${email} can sign in to this account.`)).toBeVisible();
  await signOut(page);

  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Name").fill("A Different Google Name");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/");
  // The existing account, with its own name, not a second account.
  await expect(page.getByRole("navigation", { name: "Main" }).getByText(name).first()).toBeVisible();
});

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The page you are looking for is not valid!")).toBeVisible();
  await expect(page.locator("h1")).toHaveCount(1);
});
