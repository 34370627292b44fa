import { afterAll, beforeAll, expect, test } from "vitest";

import { shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { expectValidEInvoices } from "../support/e-invoice-validator";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { type ServerProcess, startServer } from "../support/server";
import { createSignedInUser } from "../support/users";

// Issue 51: an invoice's e-invoice through the built server: linked beside its PDF on the order page
// and the invoices list, an XML attachment for the buyer, their company and staff, a 404 for anyone
// else, and the document it serves passes the rules with the seller's configured Peppol ID.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { STORE_VAT_NUMBER: "GB999999973", STORE_PEPPOL_ID: "0088:5790000435968" } });
});

afterAll(async () => {
  await server?.stop();
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
