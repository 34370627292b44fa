import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import * as reportsPage from "~/routes/dashboard.reports";
import * as reportCsv from "~/routes/dashboard.reports_.$file";
import { returnShippedUnits, shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { call, getRequest } from "../support/http";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { createSignedInUser } from "../support/users";

// Issue 51: the figures staff file from, read from the documents issued in a period of store days
// (Europe/London here): the VAT return's boxes and the sales tables agree with the documents to the
// penny; a document issued at 23:59:59 on the last day counts, one a second later does not; a credit
// note issued in a later period counts in that period.

type Document = { id: number; kind: string; goods: number; shipping: number; tax: number };
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let march: Document;
let april: Document;
let credit: Document;
let parts: { id: number; part_number: string }[];

async function documentOf(id: number, issuedAt: string): Promise<Document> {
  await db.updateTable("invoices").set({ issued_at: issuedAt }).where("id", "=", id).execute();
  const row = await db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return {
    id,
    kind: row.kind,
    goods: Number(row.goods_cents),
    shipping: Number(row.shipping_cents),
    tax: Number(row.tax_cents),
  };
}

beforeAll(async () => {
  admin = await createSignedInUser({ role: "admin" });
  const customer = await createSignedInUser({ displayName: "Ada Turner" });
  const { admin: buyer } = await newCompany({ vatNumber: "GB999999973" });
  parts = [
    await newItem({ price_cents: 1_234, quantity: 50, part_number: "RPT-GEAR" }),
    await newItem({ price_cents: 99, quantity: 500, part_number: "RPT-BOLT" }),
  ];
  const first = await placeTestOrder(customer.user.id, [
    { itemId: parts[0].id, quantity: 3 },
    { itemId: parts[1].id, quantity: 40 },
  ]);
  const second = await placeTestOrder(buyer.user.id, { itemId: parts[0].id, quantity: 20 });
  if (!first.ok || !second.ok) throw new Error("the orders were refused");
  const shippedFirst = await shipReadyParts(first.orderId, TEST_SHIPMENT);
  const shippedSecond = await shipReadyParts(second.orderId, TEST_SHIPMENT);
  if (!shippedFirst.ok || !shippedSecond.ok) throw new Error("the orders did not ship");
  // 23:59:59 on 31 March in London (summer time: UTC+1), and a second later, 1 April.
  march = await documentOf(shippedFirst.invoice.id, "2025-03-31T22:59:59.000Z");
  april = await documentOf(shippedSecond.invoice.id, "2025-03-31T23:00:00.000Z");
  const line = await db
    .selectFrom("order_lines")
    .select("id")
    .where("order_id", "=", first.orderId)
    .where("item_id", "=", parts[0].id)
    .executeTakeFirstOrThrow();
  const returned = await returnShippedUnits(first.orderId, {
    lineId: line.id,
    quantity: 1,
    reason: "Wrong size",
    restock: true,
    userId: admin.user.id,
  });
  if (!returned.ok) throw new Error(returned.reason);
  // The March invoice's credit note, issued in April: it counts in April.
  credit = await documentOf(returned.creditNotes[0].id, "2025-04-15T09:00:00.000Z");
});

async function page(query: string, cookie = admin.cookie) {
  return call(reportsPage.loader, getRequest(`/dashboard/reports?${query}`, { cookie }));
}

async function csv(report: string, query: string) {
  const response = (await reportCsv.loader({
    request: getRequest(`/dashboard/reports/${report}.csv?${query}`, { cookie: admin.cookie }),
    params: { file: `${report}.csv` },
    context: {},
  })) as Response;
  return { response, records: parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[] };
}

const net = (document: Document) => document.goods + document.shipping;

describe("the VAT return", () => {
  test("its boxes are the period's documents to the penny; a document counts on its day in the shop's zone", async () => {
    const first = (await page("from=2025-01-01&to=2025-03-31")).data.figures;
    expect(first.vat.documents).toEqual({ invoices: 1, creditNotes: 0 });
    expect(first.vat.boxes).toEqual({
      1: march.tax,
      2: null,
      3: null,
      4: null,
      5: null,
      6: Math.trunc(net(march) / 100) * 100,
      7: null,
      8: null,
      9: null,
    });
    const second = (await page("from=2025-04-01&to=2025-06-30")).data.figures;
    expect(second.vat.documents).toEqual({ invoices: 1, creditNotes: 1 });
    expect(second.vat.boxes[1]).toBe(april.tax - credit.tax);
    expect(second.vat.netSalesCents).toBe(net(april) - net(credit));
    expect(second.vat.boxes[6]).toBe(Math.trunc((net(april) - net(credit)) / 100) * 100);

    const boxes = await csv("vat", "from=2025-04-01&to=2025-06-30");
    expect(boxes.records.find((record) => record.box === "1")?.amount).toBe(
      ((april.tax - credit.tax) / 100).toFixed(2),
    );
    expect(boxes.records.find((record) => record.box === "4")?.amount).toBe("");
  });
});

describe("sales", () => {
  test("by month, by part and by buyer, net of the credit note, in the page and its CSV files", async () => {
    const { figures } = (await page("from=2025-03-01&to=2025-04-30")).data;
    expect(figures.months).toEqual([
      { month: "2025-03", netCents: net(march), vatCents: march.tax, invoices: 1, creditNotes: 0 },
      {
        month: "2025-04",
        netCents: net(april) - net(credit),
        vatCents: april.tax - credit.tax,
        invoices: 1,
        creditNotes: 1,
      },
    ]);
    // 3 + 20 gears less the 1 returned; 40 bolts.
    expect(
      figures.parts.map((part: { partNumber: string; quantity: number }) => [part.partNumber, part.quantity]),
    ).toEqual([
      ["RPT-GEAR", 22],
      ["RPT-BOLT", 40],
    ]);
    const partNet = figures.parts.reduce((sum: number, part: { netCents: number }) => sum + part.netCents, 0);
    expect(partNet).toBe(march.goods + april.goods - credit.goods);
    expect(figures.buyers).toEqual([
      { buyer: "Northern Presswork Ltd", kind: "company", documents: 1, netCents: net(april), vatCents: april.tax },
      {
        buyer: "Ada Turner",
        kind: "customer",
        documents: 2,
        netCents: net(march) - net(credit),
        vatCents: march.tax - credit.tax,
      },
    ]);

    const byPart = await csv("sales-by-part", "from=2025-03-01&to=2025-04-30");
    expect(byPart.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(byPart.response.headers.get("content-disposition")).toBe(
      'attachment; filename="sales-by-part-2025-03-01-to-2025-04-30.csv"',
    );
    expect(byPart.records.map((record) => [record.part_number, record.quantity])).toEqual([
      ["RPT-GEAR", "22"],
      ["RPT-BOLT", "40"],
    ]);
    const byBuyer = await csv("sales-by-customer", "from=2025-03-01&to=2025-04-30");
    expect(byBuyer.records.map((record) => record.net)).toEqual(
      [net(april), net(march) - net(credit)].map((cents) => (cents / 100).toFixed(2)),
    );
    const byMonth = await csv("sales-by-month", "from=2025-03-01&to=2025-04-30");
    expect(byMonth.records.map((record) => record.month)).toEqual(["2025-03", "2025-04"]);
  });
});

describe("a period that cannot be", () => {
  test("is a 400 that names the field; a customer is refused the reports", async () => {
    const backwards = await page("from=2025-04-30&to=2025-04-01");
    expect(backwards.status).toBe(400);
    expect(backwards.data.errors).toEqual({ to: "The first day comes before the last" });
    const notADay = await page("from=2025-02-30&to=2025-03-01");
    expect(notADay.data.errors).toEqual({ from: "Enter a date such as 2026-11-27" });
    expect((await page("from=2020-01-01&to=2025-01-01")).data.errors).toEqual({
      to: "A report covers at most three years",
    });
    const refused = (await reportCsv.loader({
      request: getRequest("/dashboard/reports/vat.csv?from=2025-04-30&to=2025-04-01", { cookie: admin.cookie }),
      params: { file: "vat.csv" },
      context: {},
    })) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("This period cannot be reported. to: The first day comes before the last\n");
    const customer = await createSignedInUser();
    expect((await page("", customer.cookie)).status).toBe(403);
  });
});
