import fs from "node:fs";

import { expect, type Page, test } from "@playwright/test";

import { pdfPagePng, pdfText } from "../support/pdf";
import { expectNoAxeFindings } from "./axe";
import { fillCartFor, fillCheckoutAddress, login, shipOrder } from "./fixtures";

// Company accounts (issue 27), end to end: the company's admin invites a buyer with a spending
// limit; the buyer joins through the emailed link and orders over the limit; the order waits, its
// parts reserved, until the admin (an approver) approves it; staff ship it with tracking; the buyer
// downloads the VAT invoice, due on the company's terms. With JavaScript and without, on a phone and
// a desktop, with a screenshot of every step and the invoice's first page drawn as a picture.

test.describe.configure({ timeout: 120_000 });

async function invitationLink(email: string) {
  const { outboxLink } = await import("../support/outbox-links");
  return outboxLink(email, "company-invitation", "/dashboard/company/join");
}

async function openMenuLink(page: Page, width: number, name: string) {
  await page.goto("/dashboard/my-profile");
  if (width < 768) await page.getByText("Dashboard menu").click();
  await page.getByRole("link", { name, exact: true }).filter({ visible: true }).click();
}

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px a company admin invites a buyer, approves their order over the limit, and the buyer downloads the invoice`, async ({
    browser,
    javaScriptEnabled,
    baseURL,
  }, testInfo) => {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    const staff = await browser.newPage();
    await login(staff, { role: "admin", name: "Sam Staff" });

    const adminContext = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
    const companyAdmin = await adminContext.newPage();
    const admin = await login(companyAdmin, { name: "Carla Admin" });
    const buyerContext = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
    const buyerPage = await buyerContext.newPage();
    const buyer = await login(buyerPage, { name: "Ben Buyer" });

    // Staff turn Carla's account into a company on 30-day terms.
    const companyName = `Presswork ${width} ${javaScriptEnabled ? "js" : "nojs"} Ltd`;
    await staff.goto("/dashboard/manage-companies");
    await staff.getByLabel("Company name").fill(companyName);
    await staff.getByLabel("VAT number (optional)").fill("GB 999 9999 73");
    await staff.getByLabel("Payment terms (days)").fill("30");
    await staff.getByLabel("Credit limit (GBP)").fill("20000");
    await staff.getByLabel("Company admin's email").fill(admin.email);
    await staff.getByRole("button", { name: "Create company" }).click();
    await expect(staff.getByRole("status")).toContainText(`Company “${companyName}” created.`);

    // Carla invites Ben as a buyer who may order up to £20 at a time.
    await openMenuLink(companyAdmin, width, "Company");
    await expect(companyAdmin.getByRole("heading", { level: 1 })).toHaveText(companyName);
    await companyAdmin.getByLabel("Email").fill(buyer.email);
    await companyAdmin.getByLabel("Role").selectOption({ label: "Buyer" });
    await companyAdmin.getByLabel("Limit per order (GBP)").fill("20");
    await companyAdmin.getByRole("button", { name: "Send invitation" }).click();
    await expect(companyAdmin.getByRole("status")).toContainText(`Invitation sent to ${buyer.email}`);
    await expect(companyAdmin.getByText(`${buyer.email}, Buyer: the link works until`)).toBeVisible();
    await shot(companyAdmin, "company-invited");
    await expectNoAxeFindings(companyAdmin, browser, javaScriptEnabled, baseURL!);

    // Ben follows the link and joins.
    await buyerPage.goto(await invitationLink(buyer.email));
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Join ${companyName}`);
    await shot(buyerPage, "join");
    await buyerPage.getByRole("button", { name: `Join ${companyName}` }).click();
    await expect(buyerPage.getByRole("status")).toContainText(`Welcome to ${companyName}.`);
    await expect(buyerPage.getByText("Your role: Buyer")).toBeVisible();

    // His order is over £20: checkout says how it is paid and that it will wait.
    await fillCartFor(buyer.userId);
    await buyerPage.goto("/checkout");
    await expect(buyerPage.getByTestId("payment-method")).toContainText("Pay on account (30 days)");
    await expect(buyerPage.getByTestId("approval-note")).toContainText("over your limit per order");
    await fillCheckoutAddress(buyerPage, { line1: "Unit 2, Press Lane", town: "Leeds", postcode: "LS1 4AB" });
    await buyerPage.getByLabel("Phone").fill("+44 113 496 0000");
    await buyerPage.getByLabel("Purchase order number (optional)").fill("PO-CO-77");
    await shot(buyerPage, "checkout-company");
    await buyerPage.getByRole("button", { name: "Place Order" }).click();
    await expect(buyerPage).toHaveURL(/\/dashboard\/my-order\/\d+$/);
    const orderId = Number(/(\d+)$/.exec(buyerPage.url())![1]);
    await expect(buyerPage.getByTestId("approval-status")).toContainText("Waiting for an approver");
    await expect(buyerPage.getByTestId("order-payment")).toHaveText("On account (30 days)");
    await shot(buyerPage, "order-awaiting-approval");

    // Staff cannot ship it yet: there is no Ship button while it waits.
    await staff.goto(`/dashboard/manage-order/${orderId}`);
    await expect(staff.getByText("Mark shipped…", { exact: true })).toHaveCount(0);

    // Carla approves it from Approvals.
    await openMenuLink(companyAdmin, width, "Approvals");
    await expect(companyAdmin.getByText("Ben Buyer")).toBeVisible();
    await shot(companyAdmin, "approvals");
    await expectNoAxeFindings(companyAdmin, browser, javaScriptEnabled, baseURL!);
    await companyAdmin.getByRole("button", { name: `Approve #${orderId}` }).click();
    await expect(companyAdmin.getByRole("status")).toContainText(`Order #${orderId} approved`);
    await expect(companyAdmin.getByText("No orders are waiting for approval.")).toBeVisible();

    // Staff ship it with tracking; Ben downloads the invoice, due in 30 days.
    await staff.goto(`/dashboard/manage-order/${orderId}`);
    await shipOrder(staff, { carrier: "DPD", trackingNumber: "1550 1234 5678 90" });
    await expect(staff.getByRole("status")).toContainText(`Order #${orderId} is now shipped.`);

    await buyerPage.goto(`/dashboard/my-order/${orderId}`);
    const invoiceLink = buyerPage.getByTestId("shipment-invoice");
    await expect(invoiceLink).toHaveText(/^VAT invoice INV-\d{4}-\d{6} \(PDF\)$/);
    const number = /INV-\d{4}-\d{6}/.exec((await invoiceLink.textContent()) ?? "")![0];
    await shot(buyerPage, "order-shipped");
    const pdf = await (await buyerPage.request.get(`/dashboard/invoices/${number}.pdf`)).body();
    const text = pdfText(pdf);
    expect(text).toMatch(new RegExp(`Invoice number\\s+${number}`));
    expect(text).toContain("PO-CO-77");
    // The company is billed, with its VAT number; Ben is who ordered.
    expect(text).toContain(companyName);
    expect(text).toContain("For Ben Buyer");
    expect(text).toContain("VAT number GB 999 9999 73");
    expect(text).toContain("Unit 2, Press Lane, Leeds LS1 4AB");
    expect(text).toMatch(/On account: payment is due by \d{1,2} \w{3} \d{4}/);
    fs.writeFileSync(testInfo.outputPath(`company-invoice-page-1-${width}.png`), pdfPagePng(pdf, 1, 80));

    await adminContext.close();
    await buyerContext.close();
    await staff.close();
  });
}
