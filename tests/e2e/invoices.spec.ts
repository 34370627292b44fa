import fs from "node:fs";

import { expect, test } from "@playwright/test";

import { pdfPagePng, pdfText } from "../support/pdf";
import { expectNoAxeFindings } from "./axe";
import { login, placeOrderFor, shipOrder } from "./fixtures";

// VAT invoices (issue 27): staff ship an order with its tracking number, which issues the
// shipment's invoice; the buyer sees both on the order page, finds the invoice in Invoices and
// downloads the PDF, which says what the order page says. With JavaScript and without, on a phone
// and a desktop; the PDF's first page is drawn as a picture beside the screenshots.

test.describe.configure({ timeout: 90_000 });

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px staff ship with tracking and the buyer downloads the shipment's VAT invoice`, async ({
    browser,
    javaScriptEnabled,
    baseURL,
  }, testInfo) => {
    const admin = await browser.newPage();
    await login(admin, { role: "admin", name: "Alex Admin" });
    const buyer = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
    const page = await buyer.newPage();
    const { userId } = await login(page, { name: "Robin Buyer" });
    const { orderId } = await placeOrderFor(userId);

    await admin.goto(`/dashboard/manage-order/${orderId}`);
    await shipOrder(admin, { carrier: "DPD", trackingNumber: "1550 1234 5678 90" });
    await expect(admin.getByRole("status")).toContainText(`Order #${orderId} is now shipped.`);

    await page.goto(`/dashboard/my-order/${orderId}`);
    const shipments = page.getByTestId("shipments");
    await expect(shipments).toContainText("Sent with DPD, tracking number 15501234567890");
    const invoiceLink = shipments.getByTestId("shipment-invoice");
    await expect(invoiceLink).toHaveText(/^VAT invoice INV-\d{4}-\d{6} \(PDF\)$/);
    const number = /INV-\d{4}-\d{6}/.exec((await invoiceLink.textContent()) ?? "")![0];
    const orderTotal = (await page.getByTestId("bill-total").textContent())?.trim();
    await page.screenshot({ path: testInfo.outputPath(`order-${width}.png`), fullPage: true });

    // The side menu's Invoices lists it; its link is the PDF.
    await page.goto("/dashboard");
    // On a phone the dashboard's menu is folded away under "Dashboard menu".
    if (width < 768) await page.getByText("Dashboard menu").click();
    await page.getByRole("link", { name: "Invoices", exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/invoices$/);
    const row = page.getByTestId(`invoice-${number}`);
    await expect(row).toContainText(`#${orderId}`);
    await expect(row).toContainText(orderTotal!);
    await page.screenshot({ path: testInfo.outputPath(`invoices-${width}.png`), fullPage: true });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    const pdfLink = row.getByRole("link", { name: new RegExp(`^${number}`) });
    await expect(pdfLink).toHaveAttribute("href", `/dashboard/invoices/${number}.pdf`);
    // Fetched with the buyer's own session, as the browser's download of the link is.
    const download = await page.request.get(`/dashboard/invoices/${number}.pdf`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    const pdf = await download.body();
    const text = pdfText(pdf);
    expect(text).toMatch(new RegExp(`Invoice number\\s+${number}`));
    expect(text).toContain("Robin Buyer");
    expect(text).toContain("12 Mill Lane, Leeds LS1 4AB");
    expect(text).toMatch(new RegExp(`Total due\\s+${orderTotal!.replace(/[.£]/g, (c) => `\\${c}`)}`));
    fs.writeFileSync(testInfo.outputPath(`invoice-page-1-${width}.png`), pdfPagePng(pdf, 1, 80));

    // The part comes back: staff record the return, and the buyer is credited by a credit note.
    await admin.goto(`/dashboard/manage-order/${orderId}`);
    await admin.getByText("Record a return…").click();
    await admin.getByLabel("Why they came back").fill("Ordered the wrong size");
    await admin.screenshot({ path: testInfo.outputPath(`return-form-${width}.png`), fullPage: true });
    await admin.getByRole("button", { name: "Record return and credit the buyer" }).click();
    await expect(admin.getByRole("status")).toContainText(
      new RegExp(`returned and back in stock; credit note CN-\\d{4}-\\d{6} \\(for ${number}\\) is sent`),
    );
    const creditNote = /CN-\d{4}-\d{6}/.exec((await admin.getByRole("status").textContent()) ?? "")![0];
    await page.reload();
    await expect(page.getByTestId(`invoice-${creditNote}`)).toContainText("Credit note");
    const credit = pdfText(await (await page.request.get(`/dashboard/invoices/${creditNote}.pdf`)).body());
    expect(credit).toMatch(new RegExp(`Credits invoice\\s+${number}`));
    await page.screenshot({ path: testInfo.outputPath(`invoices-with-credit-${width}.png`), fullPage: true });

    // Another buyer cannot read it.
    const stranger = await browser.newPage();
    await login(stranger);
    expect((await stranger.request.get(`/dashboard/invoices/${number}.pdf`)).status()).toBe(404);
    await stranger.close();
    await buyer.close();
    await admin.close();
  });
}
