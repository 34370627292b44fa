import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { expectValidEInvoices } from "../support/e-invoice-validator";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { startSmtpServer } from "../support/smtp";
import { createSignedInUser } from "../support/users";

// Issue 51: an invoice's e-invoice through the built server: linked beside its PDF on the order page
// and the invoices list, an XML attachment for the buyer, their company and staff, a 404 for anyone
// else, and the document it serves passes the rules with the seller's configured Peppol ID.

let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    env: {
      STORE_VAT_NUMBER: "GB999999973",
      STORE_PEPPOL_ID: "0088:5790000435968",
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: "50",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

function get(path: string, cookie?: string) {
  return fetch(`${server.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

test("the buyer, a colleague and staff download the e-invoice linked beside its PDF; anyone else gets a 404", async () => {
  const { admin: buyer, members } = await newCompany({ members: [{ role: "buyer" }], peppolId: "0192:810418052" });
  const part = await newItem({ price_cents: 4_250, quantity: 10 });
  const placed = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 2 }, { poNumber: "PO-HTTP-51" });
  if (!placed.ok) throw new Error(placed.reason);
  const shipped = await shipReadyParts(placed.orderId, TEST_SHIPMENT);
  if (!shipped.ok) throw new Error(shipped.reason);
  const { number } = shipped.invoice;
  const xmlPath = `/dashboard/invoices/${number}.xml`;

  const orderPage = await (await get(`/dashboard/my-order/${placed.orderId}`, buyer.cookie)).text();
  expect(orderPage).toContain(`href="/dashboard/invoices/${number}.pdf"`);
  expect(orderPage).toContain(`href="${xmlPath}"`);
  expect(await (await get(`/dashboard/invoices?q=${number}`, buyer.cookie)).text()).toContain(`href="${xmlPath}"`);

  const admin = await createSignedInUser({ role: "admin" });
  const served: string[] = [];
  for (const reader of [buyer, members[0], admin]) {
    const response = await get(xmlPath, reader.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${number}.xml"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    served.push(await response.text());
  }
  expect(new Set(served).size).toBe(1);
  const [xml] = served;
  expect(xml).toContain('<cbc:EndpointID schemeID="0088">5790000435968</cbc:EndpointID>');
  expect(xml).toContain('<cbc:EndpointID schemeID="0192">810418052</cbc:EndpointID>');
  expect(xml).toContain("<cbc:BuyerReference>PO-HTTP-51</cbc:BuyerReference>");
  await expectValidEInvoices([xml]);

  const stranger = await createSignedInUser();
  for (const path of [
    xmlPath,
    `/dashboard/invoices/${number.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10))}.xml`,
  ]) {
    const refused = await get(path, stranger.cookie);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  }
  const visitor = await get(xmlPath);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("location")).toBe(`/sign-in?redirectTo=${encodeURIComponent(xmlPath)}`);
});

test("a company that asks for it gets each invoice's e-invoice in the shipped mail beside its PDF; another the PDF alone", async () => {
  const mailed = [];
  for (const eInvoiceByMail of [true, false]) {
    const { admin: buyer } = await newCompany({ eInvoiceByMail, vatNumber: "GB999999973" });
    const part = await newItem({ price_cents: 1_999, quantity: 10 });
    const placed = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 3 });
    if (!placed.ok) throw new Error(placed.reason);
    const shipped = await shipReadyParts(placed.orderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);
    const subject = `order #${placed.orderId} shipped`;
    await smtp.waitFor((mail) => mail.some((message) => message.subject.endsWith(subject)));
    mailed.push({
      number: shipped.invoice.number,
      mail: smtp.received.find((message) => message.subject.endsWith(subject))!,
    });
  }
  const [withXml, withoutXml] = mailed;
  expect(withXml.mail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
    { filename: `${withXml.number}.pdf`, contentType: "application/pdf" },
    { filename: `${withXml.number}.xml`, contentType: "application/xml" },
  ]);
  const xml = Buffer.from(withXml.mail.attachments[1].content).toString("utf8");
  expect(xml).toContain(`<cbc:ID>${withXml.number}</cbc:ID>`);
  await expectValidEInvoices([xml]);
  expect(withoutXml.mail.attachments.map(({ filename }) => filename)).toEqual([`${withoutXml.number}.pdf`]);
});

test("staff set a company's Peppol ID, checked by its scheme, and whether it wants e-invoices by mail", async () => {
  const staff = await createSignedInUser({ role: "admin" });
  const { companyId } = await newCompany();
  const path = `/dashboard/manage-companies/${companyId}`;
  const terms = { intent: "update", name: "Northern Presswork Ltd", paymentTermsDays: "30", creditLimit: "1000" };
  for (const [peppolId, message] of [
    ["5790000435968", "A Peppol ID must be a scheme code and an identifier, such as 0088:5790000435968"],
    ["0088:5790000435969", "A Peppol ID must be a GLN: 13 digits whose last is GS1&#x27;s check digit after 0088:"],
    ["1234:5790000435968", "A Peppol ID 1234 is not a scheme Peppol accepts"],
    ["9932:GB123456789", "A Peppol ID must be a UK VAT number"],
  ]) {
    const refused = await postForm(
      server.origin,
      path,
      { ...terms, peppolId, eInvoiceByMail: "on" },
      { cookie: staff.cookie },
    );
    expect(refused.status, peppolId).toBe(400);
    expect(await refused.text(), peppolId).toContain(message);
  }
  const before = await db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirstOrThrow();
  expect([before.peppol_id, before.e_invoice_by_mail]).toEqual([null, 0]);

  const saved = await postForm(
    server.origin,
    path,
    { ...terms, peppolId: " 0088 : 5790000435968 ", eInvoiceByMail: "on" },
    { cookie: staff.cookie },
  );
  expect(saved.status).toBe(302);
  const after = await db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirstOrThrow();
  expect([after.peppol_id, after.e_invoice_by_mail]).toEqual(["0088:5790000435968", 1]);
  const page = await (await get(path, staff.cookie)).text();
  expect(page).toContain('value="0088:5790000435968"');
});

test("the reports' files through the built server: a CSV attachment for staff, a 403 for a customer, a 400 for a period that cannot be", async () => {
  const staff = await createSignedInUser({ role: "admin" });
  const customer = await createSignedInUser();
  const path = "/dashboard/reports/sales-by-part.csv?from=2026-01-01&to=2026-12-31";
  const file = await get(path, staff.cookie);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(file.headers.get("content-disposition")).toBe(
    'attachment; filename="sales-by-part-2026-01-01-to-2026-12-31.csv"',
  );
  expect(file.headers.get("cache-control")).toBe("private, no-store");
  const bytes = new Uint8Array(await file.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder().decode(bytes).split("\r\n")[0]).toBe("part_number,part,quantity,net");
  expect((await get(path, customer.cookie)).status).toBe(403);
  const refused = await get("/dashboard/reports/vat.csv?from=2026-12-31&to=2026-01-01", staff.cookie);
  expect([refused.status, refused.headers.get("content-type")]).toEqual([400, "text/plain; charset=utf-8"]);
  expect((await get("/dashboard/reports/nothing.csv?from=2026-01-01&to=2026-01-31", staff.cookie)).status).toBe(404);
  const page = await get("/dashboard/reports?from=2026-12-31&to=2026-01-01", staff.cookie);
  expect(page.status).toBe(400);
  expect(await page.text()).toContain("The first day comes before the last");
});
