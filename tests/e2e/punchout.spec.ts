import { type Browser, expect, type Page, test } from "@playwright/test";

import {
  cxmlAnswerOf,
  type FakeProcurement,
  orderItems,
  punchoutFixture,
  startFakeProcurement,
} from "../support/punchout";
import { uniqueToken } from "../support/unique";
import { expectNoAxeFindings } from "./axe";
import { addToCart, demoPartsInStock, login, searchBox } from "./fixtures";

// Punchout (issue 52), end to end with a fake procurement system on loopback: staff connect a
// company's system on its page and copy the secret shown once; the system sends its setup request
// and opens the start link; the buyer searches, adds three parts and transfers the cart, which the
// browser posts back to the system, with JavaScript (at once) or without (by the button); the
// system sends the purchase order and the order appears for the company with its PO number.

test.describe.configure({ timeout: 120_000 });

let procurement: FakeProcurement;

test.beforeAll(async () => {
  procurement = await startFakeProcurement();
});

test.afterAll(async () => {
  await procurement?.close();
});

async function newCompanyWithAdmin(page: Page) {
  const carla = await login(page, { name: "Carla Admin" });
  const { createCompany } = await import("~/models/company");
  const created = await createCompany({
    name: `Presswork ${uniqueToken()} Ltd`,
    vatNumber: null,
    peppolId: null,
    eInvoiceByMail: false,
    paymentTermsDays: 30,
    creditLimitCents: 10_000_000,
    adminEmail: carla.email,
  });
  if (!created.ok) throw new Error(created.reason);
  return { companyId: created.companyId, carla };
}

/** Staff connect the company's system on its page; returns the shared secret, shown once. */
async function connect(
  staff: Page,
  companyId: number,
  settings: { protocol: string; system: string; domain: string; identity: string; actsAs: string },
) {
  await staff.goto(`/dashboard/manage-companies/${companyId}`);
  await staff.getByLabel("Protocol").selectOption(settings.protocol);
  await staff.getByLabel("System's name").fill(settings.system);
  await staff.getByLabel("Credential domain").fill(settings.domain);
  await staff.getByLabel("Identity").fill(settings.identity);
  await staff.getByLabel("Acts as").selectOption({ label: settings.actsAs });
  await staff.getByRole("button", { name: "Connect procurement system" }).click();
  const shown = staff.getByRole("status").filter({ hasText: "shared secret" });
  await expect(shown).toContainText("it is shown only this once");
  const secret = (await shown.locator("code").textContent())!.trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return secret;
}

/**
 * Staff (signed in) connect a new company's system on its page, acting as its admin Carla (signed
 * in on a page of her own); returns both pages and the secret shown once.
 */
async function connectedCompany(
  browser: Browser,
  settings: { protocol: "cxml" | "oci"; system: string; domain: string; identity: string },
) {
  const staff = await browser.newPage();
  await login(staff, { role: "admin", name: "Sam Staff" });
  const carlaPage = await browser.newPage();
  const { companyId, carla } = await newCompanyWithAdmin(carlaPage);
  const secret = await connect(staff, companyId, { ...settings, actsAs: `Carla Admin (${carla.email})` });
  return { staff, carlaPage, secret };
}

/**
 * Searches for each part as an engineer does, by its part number (from the header's box, or at a
 * phone's width from the catalog's address), and adds it from its own page.
 */
async function searchAndAdd(
  page: Page,
  parts: { part_number: string; name: string }[],
  { fromHeader, javaScriptEnabled }: { fromHeader: boolean; javaScriptEnabled: boolean },
) {
  for (const part of parts) {
    if (fromHeader) {
      const header = page.getByRole("banner");
      await searchBox(header, javaScriptEnabled).fill(part.part_number);
      await header.getByRole("button", { name: "Search" }).click();
    } else {
      await page.goto(`/items?q=${encodeURIComponent(part.part_number)}`);
    }
    await expect(page.getByTestId("result-count")).toContainText(part.part_number);
    await page.locator("main").getByRole("link", { name: part.name }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(part.name);
    await addToCart(page, page.getByRole("button", { name: "Add to Cart" }));
  }
}

/** Transfers the cart: the page posts it on at once with JavaScript, by its button without. */
async function transfer(page: Page, system: string, javaScriptEnabled: boolean, screenshot: string) {
  await page.getByRole("button", { name: `Transfer cart to ${system}` }).click();
  if (!javaScriptEnabled) {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Transferring your cart to ${system}`);
    await page.screenshot({ path: screenshot, fullPage: true });
    await page.getByRole("button", { name: `Transfer cart to ${system}` }).click();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cart received by the procurement system");
  return procurement.nextCart();
}

test("at 1280 px Coupa punches out over cXML: search, three parts, transfer, and its purchase order becomes the company's order", async ({
  browser,
  javaScriptEnabled,
  baseURL,
}, testInfo) => {
  const identity = `COUPA-${uniqueToken()}`;
  const { staff, carlaPage, secret } = await connectedCompany(browser, {
    protocol: "cxml",
    system: "Coupa",
    domain: "DUNS",
    identity,
  });
  await staff.screenshot({ path: testInfo.outputPath("punchout-connection-1280.png"), fullPage: true });

  // Coupa's setup request (its own user is not a member here: the session acts as Carla).
  const setup = await fetch(`${baseURL}/punchout/cxml/setup`, {
    method: "POST",
    headers: { "Content-Type": "text/xml" },
    body: punchoutFixture("coupa-setup-request.xml", {
      IDENTITY: identity,
      SECRET: secret,
      EMAIL: `mary.anne.${uniqueToken()}@buyer.example`,
      RETURN_URL: procurement.returnUrl,
      SHOP: baseURL!,
    }),
  });
  const { code, startUrl } = cxmlAnswerOf(await setup.text());
  expect(code).toBe(200);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(startUrl!);
  await expect(page.getByRole("region", { name: "Punchout session" })).toContainText("You are shopping for Coupa");
  const parts = (await demoPartsInStock(2)).filter((part) => part.min_order_quantity === 1).slice(0, 3);
  expect(parts).toHaveLength(3);
  await searchAndAdd(page, parts, { fromHeader: true, javaScriptEnabled });
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: "Check out" })).toHaveCount(0);
  const subtotal = (await page.getByTestId("bill-subtotal").textContent())!.replace(/[£,]/g, "");
  await page.screenshot({
    path: testInfo.outputPath(`punchout-cart-1280-${javaScriptEnabled ? "js" : "nojs"}.png`),
    fullPage: true,
  });
  await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

  const cart = await transfer(page, "Coupa", javaScriptEnabled, testInfo.outputPath("punchout-transfer-1280.png"));
  const message = cart.fields.get("cxml-urlencoded")!;
  expect(message).toContain("<BuyerCookie>99ea3c4c8cf9f6dc905a6b6772daa0d1</BuyerCookie>");
  const items = [
    ...message.matchAll(
      /<ItemIn quantity="(\d+)">[\s\S]*?<SupplierPartID>([^<]+)<\/SupplierPartID>\s*<SupplierPartAuxiliaryID>([^<]+)<[\s\S]*?<Money currency="GBP">([^<]+)<\/Money>/g,
    ),
  ];
  expect(items.map((item) => item[2]).sort()).toEqual(parts.map((part) => part.part_number).sort());
  expect(items.every((item) => item[1] === "1")).toBe(true);
  const total = /<Total>\s*<Money currency="GBP">([^<]+)</.exec(message)![1];
  expect(total).toBe(Number(subtotal).toFixed(2));
  expect(items.reduce((sum, item) => sum + Math.round(Number(item[4]) * 100), 0)).toBe(Math.round(Number(total) * 100));

  // Coupa's purchase order, at the transferred prices; it appears for the company with its PO number.
  const poNumber = `PO-${uniqueToken()}`;
  const order = await fetch(`${baseURL}/punchout/cxml/order`, {
    method: "POST",
    headers: { "Content-Type": "text/xml" },
    body: punchoutFixture("order-request.xml", {
      PAYLOAD_ID: `${uniqueToken()}@coupa`,
      DOMAIN: "DUNS",
      IDENTITY: identity,
      SECRET: secret,
      ORDER_ID: poNumber,
      TOTAL: total,
      ITEMS: orderItems(
        items.map((item) => ({ partNumber: item[2], quantity: 1, unitPrice: item[4], reference: item[3] })),
      ),
    }),
  });
  expect(order.status).toBe(200);
  await carlaPage.goto("/dashboard/my-order");
  await expect(carlaPage.getByText(poNumber)).toBeVisible();
  await staff.goto(`/dashboard/manage-order?q=${poNumber}`);
  await expect(staff.getByText(poNumber)).toBeVisible();
  await context.close();
  await staff.close();
  await carlaPage.close();
});

test("at 375 px SAP punches out over OCI and receives the cart as NEW_ITEM fields", async ({
  browser,
  javaScriptEnabled,
  baseURL,
}, testInfo) => {
  const username = `SRM_${uniqueToken()}`;
  const {
    staff,
    carlaPage,
    secret: password,
  } = await connectedCompany(browser, {
    protocol: "oci",
    system: "SAP SRM",
    domain: "SRM-100",
    identity: username,
  });

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled });
  const page = await context.newPage();
  const entry = new URLSearchParams({
    USERNAME: username,
    PASSWORD: password,
    HOOK_URL: procurement.returnUrl,
    "~TARGET": "_top",
  });
  await page.goto(`/punchout/oci?${entry}`);
  await expect(page).toHaveURL(/\/items$/);
  await expect(page.getByRole("region", { name: "Punchout session" })).toContainText("You are shopping for SAP SRM");
  const parts = (await demoPartsInStock(2)).filter((part) => part.min_order_quantity === 1).slice(3, 6);
  await searchAndAdd(page, parts, { fromHeader: false, javaScriptEnabled });
  await page.goto("/cart");
  await page.screenshot({
    path: testInfo.outputPath(`punchout-cart-375-${javaScriptEnabled ? "js" : "nojs"}.png`),
    fullPage: true,
  });
  await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

  const cart = await transfer(page, "SAP SRM", javaScriptEnabled, testInfo.outputPath("punchout-transfer-375.png"));
  const numbers = [1, 2, 3].map((line) => cart.fields.get(`NEW_ITEM-VENDORMAT[${line}]`));
  expect(numbers.sort()).toEqual(parts.map((part) => part.part_number).sort());
  for (const line of [1, 2, 3]) {
    expect(cart.fields.get(`NEW_ITEM-QUANTITY[${line}]`)).toBe("1");
    expect(cart.fields.get(`NEW_ITEM-UNIT[${line}]`)).toBe("EA");
    expect(cart.fields.get(`NEW_ITEM-PRICEUNIT[${line}]`)).toBe("1");
    expect(cart.fields.get(`NEW_ITEM-CURRENCY[${line}]`)).toBe("GBP");
    expect(cart.fields.get(`NEW_ITEM-DESCRIPTION[${line}]`)!.length).toBeLessThanOrEqual(40);
    expect(cart.fields.get(`NEW_ITEM-PRICE[${line}]`)).toMatch(/^\d+\.\d{2}$/);
  }
  expect(cart.fields.get("~OkCode")).toBe("ADDI");
  await context.close();
  await staff.close();
  await carlaPage.close();
});
