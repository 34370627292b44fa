import { expect, type Page, test } from "@playwright/test";

import { uniqueToken } from "../support/unique";
import { wcagFindings } from "./axe";
import { fillCartFor, login, placeOrderFor, untilHydrated } from "./fixtures";

// Issue 57, finding 10: the signed-in pages by keyboard and screen reader. axe's WCAG 2.0–2.2 A and
// AA rules on every page a customer and staff reach, at a phone's width and a desktop's; the phone
// menu by keyboard; and a form refused without JavaScript, which must come back with focus on what
// went wrong rather than on the page's body.

test.describe.configure({ timeout: 240_000 });

/** A customer with one of everything their pages list: an order, a quote, a parts list, an address, a company. */
async function customerWithHistory(page: Page) {
  const customer = await login(page, { name: "Casey Customer" });
  const order = await placeOrderFor(customer.userId);
  await fillCartFor(customer.userId);
  const { saveCartAsList } = await import("~/models/parts-lists");
  const list = await saveCartAsList(customer.userId, `Axe sweep ${uniqueToken()}`);
  const { requestQuote } = await import("~/services/quotes.server");
  const quote = await requestQuote(customer.userId, "Prices for the spring overhaul");
  const { saveAddress } = await import("~/models/address.server");
  await saveAddress(
    { userId: customer.userId },
    undefined,
    {
      name: "Casey Customer",
      company: null,
      line1: "4 Lathe Row",
      line2: null,
      town: "Sheffield",
      postcode: "S1 2AB",
      country: "GB",
      phone: null,
    },
    { defaultBilling: true, defaultDelivery: true },
  );
  const { createCompany } = await import("~/models/company");
  const company = await createCompany({
    name: `Axe Works ${uniqueToken()}`,
    vatNumber: null,
    paymentTermsDays: 30,
    creditLimitCents: 500_000,
    adminEmail: customer.email,
  });
  if (!list.ok || !quote.ok || !company.ok) throw new Error("the customer's history could not be made");
  // Their company's agreed prices: its rule is on the part they ordered, below.
  const { createPriceList, assignPriceList, addPriceListRule } = await import("~/models/price-lists");
  const priceListId = await createPriceList({
    name: `Axe prices ${uniqueToken()}`,
    validFrom: null,
    validUntil: null,
    fixedEvenIfHigher: false,
  });
  await addPriceListRule(priceListId, { kind: "all", percentOffBp: 500 });
  await assignPriceList(priceListId, { companyId: company.companyId }, 1);
  const { db } = await import("~/db/db.server");
  const line = await db
    .selectFrom("order_lines")
    .select("item_id")
    .where("order_id", "=", order.orderId)
    .executeTakeFirstOrThrow();
  return {
    orderId: order.orderId,
    quoteId: quote.quoteId,
    listId: list.listId,
    companyId: company.companyId,
    itemId: line.item_id!,
    priceListId,
  };
}

type History = Awaited<ReturnType<typeof customerWithHistory>>;

const CUSTOMER_PAGES = (history: History) => [
  "/dashboard",
  "/dashboard/my-order",
  `/dashboard/my-order/${history.orderId}`,
  "/dashboard/my-review",
  "/dashboard/add-review",
  "/dashboard/my-profile",
  "/dashboard/quotes",
  `/dashboard/quotes/${history.quoteId}`,
  "/dashboard/lists",
  `/dashboard/lists/${history.listId}`,
  "/dashboard/addresses",
  "/dashboard/invoices",
  "/dashboard/company",
  "/dashboard/approvals",
  "/cart",
  "/checkout",
  "/quick-order",
  `/order/${history.itemId}`,
  "/dashboard/api-keys",
];

const STAFF_PAGES = (history: History) => [
  "/dashboard",
  "/dashboard/manage-order",
  `/dashboard/manage-order/${history.orderId}`,
  "/dashboard/manage-product",
  `/dashboard/manage-product/${history.itemId}`,
  "/dashboard/add-product",
  "/dashboard/make-admin",
  "/dashboard/messages",
  "/dashboard/customer-data",
  "/dashboard/outbox",
  "/dashboard/import",
  "/dashboard/manage-quotes",
  `/dashboard/manage-quotes/${history.quoteId}`,
  "/dashboard/manage-companies",
  `/dashboard/manage-companies/${history.companyId}`,
  "/dashboard/api-keys",
  "/dashboard/spec-templates",
  "/dashboard/invoices",
  "/dashboard/price-lists",
  `/dashboard/price-lists/${history.priceListId}`,
  "/dashboard/reports",
];

for (const width of [375, 1280]) {
  for (const who of ["customer", "staff"] as const) {
    test(`axe (WCAG 2.2 A and AA) on every page ${who === "customer" ? "a customer" : "staff"} reach${who === "customer" ? "es" : ""}, at ${width} px`, async ({
      page,
      browser,
      javaScriptEnabled,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const history = await customerWithHistory(page);
      if (who === "staff") {
        await page.context().clearCookies();
        await login(page, { role: "admin", name: "Sam Staff" });
      }
      const findings: string[] = [];
      for (const path of (who === "customer" ? CUSTOMER_PAGES : STAFF_PAGES)(history)) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await untilHydrated(page, javaScriptEnabled);
        findings.push(
          ...(await wcagFindings(page, browser, javaScriptEnabled, baseURL!)).map((found) => `${path}: ${found}`),
        );
      }
      expect(findings).toEqual([]);
    });
  }
}

test.describe("the phone menu by keyboard", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "without JavaScript it is the browser's own details element",
  );

  test("Escape closes it and gives focus back to its button; tabbing past its last control closes it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await login(page, { name: "Pat Phone" });
    await page.goto("/dashboard/my-profile");
    await untilHydrated(page, true);
    const menu = page.getByRole("banner").locator("details");
    const button = menu.locator("summary");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(button).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    const last = menu.getByRole("button", { name: "Sign Out" });
    while (!(await last.evaluate((element) => element === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(menu).not.toHaveAttribute("open", "");
    // What has focus now is not under the menu: the menu is closed, and the focused control is in view.
    await expect(page.locator(":focus")).toBeInViewport();
  });
});

test.describe("a refused form without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "with JavaScript, conform focuses the first invalid field");

  test("comes back with focus on a summary that links to each field, and the address book names each field's problem", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: "This form was not sent: 2 fields need correcting" });
    await expect(summary).toBeFocused();
    await summary.getByRole("link", { name: "Go to the first" }).click();
    await expect(page).toHaveURL(/#sign-in-email$/);
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await login(page, { name: "Ada Address" });
    await page.goto("/dashboard/addresses");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByText("Invalid input")).toHaveCount(0);
    const form = page.getByRole("alert").filter({ hasText: "This form was not sent" });
    await expect(form).toBeFocused();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter the first line of the address").first()).toBeVisible();
  });
});

test("the catalog import's Check file with no file keeps focus on the form and says what is missing", async ({
  page,
  javaScriptEnabled,
}) => {
  await login(page, { role: "admin", name: "Ivy Import" });
  await page.goto("/dashboard/import");
  await untilHydrated(page, javaScriptEnabled);
  const check = page.getByRole("button", { name: "Check file" });
  await check.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Choose a CSV file to import|The file is empty/).first()).toBeVisible();
  await expect(page.locator("body")).not.toBeFocused();
  const focused = await page.evaluate(
    () => document.activeElement?.getAttribute("type") ?? document.activeElement?.getAttribute("role"),
  );
  expect(["file", "alert"]).toContain(focused);
});
