import { expect, type Locator, type Page } from "@playwright/test";

import { E2E_BASE_URL, e2eServerEnv } from "../support/e2e-env.mjs";
import { uniqueEmail, uniqueToken } from "../support/unique";

export { E2E_ADMIN } from "../support/e2e-env.mjs";

/** Every page a signed-out visitor can open, catalog variants and the 404 page included. */
export const PUBLIC_PAGES = [
  "/",
  "/items",
  "/items?q=bearing",
  "/items?category=gears&spec=Bore%3A8&inStock=1",
  "/items?q=zzqx-nothing",
  "/items/1",
  "/about",
  "/contact",
  "/blog",
  "/blog/progressive-enhancement-in-this-store",
  "/portfolio",
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/reset-password?token=not-a-real-token-0000000",
  "/verify-email?token=not-a-real-token-0000000",
  "/no-such-page",
];

/**
 * Clicks an Add to Cart button and waits for the cart to answer. With JavaScript the header's count
 * moves before the server has written the line, so a test that navigates on the count alone can load
 * the next page before the line exists.
 */
export async function addToCart(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cart"),
  );
  await button.click();
  await answered;
}

/**
 * The header's search box: a search box as the server renders it, a combobox once JavaScript runs
 * (app/components/header-search.tsx).
 */
export function searchBox(scope: Page | Locator, javaScriptEnabled: boolean) {
  return scope.getByRole(javaScriptEnabled ? "combobox" : "searchbox", { name: "Search parts" });
}

/**
 * With JavaScript, waits until the page has hydrated: the header's search box becomes a combobox in
 * an effect, after React has committed the page. Fields typed and a button clicked before then take
 * the no-JavaScript path by accident, so the test checks the other mode than it names (the address
 * book's test once failed in CI at such a step, on a slow machine).
 */
export async function untilHydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator('input[role="combobox"]').first()).toBeAttached();
}

/** Whether the page's own scripts run: Remix's inline script sets `__remixContext` only if they do. */
async function scriptsRun(page: Page) {
  return page.evaluate(() => "__remixContext" in window);
}

export const PASSWORD = "a-good-password";

export async function signUp(page: Page, { name = "Pat Machinist", email = uniqueEmail() } = {}) {
  await page.goto("/sign-up");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
  return { name, email };
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signOut(page: Page) {
  // The wide navbar holds the visible button; the small-screen menu has a hidden copy.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeAttached();
}

let appUsers: Promise<typeof import("../support/users")> | undefined;

/** The app's own user and session code, pointed at the database and secret the e2e server uses. */
function users() {
  if (!appUsers) {
    Object.assign(process.env, e2eServerEnv());
    appUsers = import("../support/users");
  }
  return appUsers;
}

/**
 * Signs a new account in by creating its session row directly and giving the browser the cookie,
 * as the Epic Stack's login fixture does: only the tests about the sign-in and sign-up forms post
 * them. Returns the account's name, email and password.
 */
export async function login(
  page: Page,
  { role = "user", name = "Pat Machinist" }: { role?: "user" | "admin"; name?: string } = {},
) {
  const { createSignedInUser, TEST_PASSWORD } = await users();
  const { user, cookie } = await createSignedInUser({ role, displayName: name });
  const separator = cookie.indexOf("=");
  await page.context().addCookies([
    {
      name: cookie.slice(0, separator),
      value: cookie.slice(separator + 1),
      url: E2E_BASE_URL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return { name, email: user.email, password: TEST_PASSWORD, userId: user.id };
}

/**
 * Parts of the seeded demo catalog with stock for `units` minimum orders. Never a part a test made:
 * tests run in parallel, and one that counts its own part's stock must not find an order in it.
 */
export async function demoPartsInStock(units: number) {
  const { listNewestItems } = await import("~/models/item");
  const { catalogParts } = await import("../../scripts/seed/catalog-data");
  const demo = new Set(catalogParts.map((part) => part.partNumber));
  return (await listNewestItems(1000)).filter(
    (item) => demo.has(item.part_number) && item.quantity >= item.min_order_quantity * units,
  );
}

/** An order of one unit of a demo part in stock, placed through the app's own model, for pages that list orders. */
export async function placeOrderFor(userId: number) {
  await users();
  const { placeOrder } = await import("~/services/checkout.server");
  const [item] = await demoPartsInStock(1);
  if (!item) throw new Error("no demo part in stock to order");
  const result = await placeOrder({
    userId,
    lines: [{ itemId: item.id, quantity: item.min_order_quantity }],
    address: "12 Mill Lane, Leeds LS1 4AB",
    phone: "+44 113 496 0000",
    token: crypto.randomUUID(),
  });
  if (!result.ok) throw new Error(`the order was refused: ${JSON.stringify(result)}`);
  return result;
}

/** Three demo parts in stock in the customer's cart, put there through the app's own model. */
export async function fillCartFor(userId: number) {
  await users();
  const { addLinesToCart } = await import("~/models/cart");
  const items = (await demoPartsInStock(2)).slice(0, 3);
  await addLinesToCart(
    userId,
    items.map((item) => ({ itemId: item.id, quantity: item.min_order_quantity })),
  );
}

/** The newest link of a kind the store wrote to `email` (the e2e server keeps mail in the outbox). */
async function mailedLink(email: string, kind: "password-reset" | "verify-email", path: string) {
  await users();
  const { outboxLink } = await import("../support/outbox-links");
  return outboxLink(email, kind, path);
}

export function resetLinkFor(email: string) {
  return mailedLink(email, "password-reset", "/reset-password");
}

export function verifyLinkFor(email: string) {
  return mailedLink(email, "verify-email", "/verify-email");
}

/** A new customer account (made directly), for tests that then use the sign-in form themselves. */
export async function loginCredentials() {
  const { createSignedInUser, TEST_PASSWORD } = await users();
  const { user } = await createSignedInUser();
  return { email: user.email, password: TEST_PASSWORD };
}

export async function signInAsAdmin(page: Page) {
  const { E2E_ADMIN: admin } = await import("../support/e2e-env.mjs");
  await page.goto("/sign-in");
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
}

/** Adds a product through the admin form and returns its (unique) name. */
export async function addProduct(
  page: Page,
  {
    quantity = 10,
    price = "19.99",
    stockOnly = false,
  }: { quantity?: number; price?: string; stockOnly?: boolean } = {},
) {
  const name = `Test Sprocket ${uniqueToken()}`;
  await page.goto("/dashboard/add-product");
  // Its callers do not say whether JavaScript is on, and with it on the checkbox below was once
  // clicked while React hydrated and did not stay checked.
  await untilHydrated(page, await scriptsRun(page));
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Image URL").fill("/images/items/timing-pulley.svg");
  await page.getByLabel("Description").fill("A sprocket made for the end-to-end suite.");
  await page.getByLabel("Price/unit (GBP)").fill(price);
  await page.getByLabel("Quantity Available").fill(String(quantity));
  await page.getByLabel("Supplier Name").fill("Suite Supplies");
  if (stockOnly) await page.getByLabel("Sell from stock only (no backorders)").check();
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("status")).toContainText("Item added successfully");
  return name;
}

/** A part's page, found as a buyer finds it: searched for by name, then its link. */
export async function openProductPage(page: Page, name: string) {
  await page.goto(`/items?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

/**
 * Staff's Ship on an order page or a row of Manage Orders (`scope`): opens the Ship disclosure
 * ("Mark shipped…" or "Ship what is ready…"), chooses the carrier, types the label's tracking number
 * and ships.
 */
export async function shipOrder(
  scope: Page | Locator,
  { label = "Mark shipped", carrier = "DPD", trackingNumber = "1550 1234 5678 90" } = {},
) {
  // Open already when the server refused the last Ship of this order.
  if (!(await scope.getByLabel("Carrier").isVisible())) await scope.getByText(`${label}…`, { exact: true }).click();
  await scope.getByLabel("Carrier").selectOption({ label: carrier });
  await scope.getByLabel("Tracking number").fill(trackingNumber);
  await scope.getByRole("button", { name: new RegExp(`^${label}`) }).click();
}

/** A delivery address as checkout asks for it, in parts (issue 48). */
export type TypedAddress = { name?: string; company?: string; line1: string; town: string; postcode: string };

export const FOUNDRY_LANE: TypedAddress = { line1: "12 Foundry Lane", town: "Sheffield", postcode: "S3 8RA" };

/** Fills checkout's delivery address (or, with `legend`, the invoice address) in its parts. */
export async function fillCheckoutAddress(
  page: Page,
  address: TypedAddress,
  legend: string | RegExp = /delivery address/i,
) {
  const group = page.getByRole("group", { name: legend });
  if (address.name !== undefined) await group.getByLabel("Name", { exact: true }).fill(address.name);
  if (address.company !== undefined) await group.getByLabel("Company (optional)").fill(address.company);
  await group.getByLabel("Address line 1").fill(address.line1);
  await group.getByLabel("Town or city").fill(address.town);
  await group.getByLabel("Postcode").fill(address.postcode);
}
