import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";

import { appUrl, storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { csvAmount } from "~/lib/csv";
import { listAllOrders, ORDERS_PER_PAGE } from "~/models/order";
import * as invoicesCsv from "~/routes/dashboard.export.invoices[.]csv";
import * as ordersCsv from "~/routes/dashboard.export.orders[.]csv";
import * as manageOrdersPage from "~/routes/dashboard.manage-order";
import { shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { call, getRequest } from "../support/http";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// Finding and exporting orders (issue 27): staff search by order, PO and part number, customer,
// company, days and status, and export what they found; buyers export their own history; invoices
// export for an accounting import. CSV files are UTF-8 with a byte order mark and formula-safe.

async function buyerOf(company: string) {
  const buyer = await createSignedInUser({ displayName: `Buyer ${uniqueToken()}` });
  await db.updateTable("users").set({ company }).where("id", "=", buyer.user.id).execute();
  return buyer;
}

async function order(userId: number, lines: { itemId: number; quantity: number }[], poNumber?: string) {
  const placed = await placeTestOrder(userId, lines, poNumber ? { poNumber } : {});
  if (!placed.ok) throw new Error(placed.reason);
  return placed.orderId;
}

/** A CSV download read as bytes: its byte order mark, and its rows as records by the header's names. */
async function download(loader: typeof ordersCsv.loader, path: string, cookie: string) {
  const response = (await loader({ request: getRequest(path, { cookie }), params: {}, context: {} })) as Response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return {
    response,
    bom: text.startsWith("\uFEFF"),
    records: parse(text, { bom: true, columns: true }) as Record<string, string>[],
  };
}

describe("finding orders", () => {
  test("by PO number, part number, company, customer, order number, status and the days placed", async () => {
    const token = uniqueToken().toUpperCase();
    const acme = await buyerOf(`Acme Pumps ${token}`);
    const other = await buyerOf(`Other Works ${token}`);
    const bearing = await newItem({ part_number: `BRG-${token}`, quantity: 50 });
    const gear = await newItem({ part_number: `GR-${token}`, quantity: 50 });
    const first = await order(acme.user.id, [{ itemId: bearing.id, quantity: 1 }], `PO-${token}-1`);
    const second = await order(acme.user.id, [{ itemId: gear.id, quantity: 2 }], `PO-${token}-2`);
    const third = await order(other.user.id, [
      { itemId: gear.id, quantity: 1 },
      { itemId: bearing.id, quantity: 1 },
    ]);
    await db.updateTable("orders").set({ created_at: "2026-01-15T10:00:00.000Z" }).where("id", "=", first).execute();
    await shipReadyParts(second, TEST_SHIPMENT);

    const found = async (filter: Parameters<typeof listAllOrders>[0]) =>
      (await listAllOrders(filter)).map((row) => row.id).filter((id) => [first, second, third].includes(id));
    expect(await found({ q: `PO-${token}-2` })).toEqual([second]);
    expect(await found({ q: `po-${token}` })).toEqual([second, first]);
    expect(await found({ q: `BRG-${token}` })).toEqual([third, first]);
    expect(await found({ q: `acme pumps ${token}` })).toEqual([second, first]);
    expect(await found({ q: acme.user.email })).toEqual([second, first]);
    expect(await found({ q: `#${third}` })).toEqual([third]);
    expect(await found({ q: `GR-${token}`, status: "shipped" })).toEqual([second]);
    expect(await found({ q: token, from: "2026-01-15", to: "2026-01-15" })).toEqual([first]);
    expect(await found({ q: token, from: "2026-01-16" })).toEqual([third, second]);
    // A buyer's own orders only, whatever the search.
    expect(await found({ q: `BRG-${token}`, ownerId: other.user.id })).toEqual([third]);
  });

  test("Manage Orders shows fifty a page, newest first; its other pages keep the search, and a page past the last shows the last", async () => {
    const token = uniqueToken().toUpperCase();
    const buyer = await buyerOf(`Paged Works ${token}`);
    const part = await newItem({ quantity: 500 });
    const placed: number[] = [];
    for (let index = 0; index < ORDERS_PER_PAGE + 3; index++) {
      placed.push(await order(buyer.user.id, [{ itemId: part.id, quantity: 1 }]));
    }
    const newestFirst = [...placed].reverse();
    const admin = await createSignedInUser({ role: "admin" });
    const search = `q=${encodeURIComponent(`Paged Works ${token}`)}`;
    const pageOf = (query: string) =>
      call(manageOrdersPage.loader, getRequest(`/dashboard/manage-order?${query}`, { cookie: admin.cookie }));

    const first = await pageOf(search);
    expect(first.data.orders.map((row: { id: number }) => row.id)).toEqual(newestFirst.slice(0, ORDERS_PER_PAGE));
    expect(first.data).toMatchObject({ page: 1, pageCount: 2 });
    const second = await pageOf(`${search}&page=2`);
    expect(second.data.orders.map((row: { id: number }) => row.id)).toEqual(newestFirst.slice(ORDERS_PER_PAGE));
    expect((await pageOf(`${search}&page=40`)).data).toMatchObject({ page: 2, pageCount: 2 });
    expect((await pageOf(`${search}&page=nonsense`)).data).toMatchObject({ page: 1 });
  });

  test.each([
    ["?from=2026-13-01", "from", "Enter a date such as 2026-11-27"],
    ["?from=2026-02-01&to=2026-01-01", "to", "The first day comes before the last"],
  ])(
    "a search that cannot be (%s) is a 400 that says why, on the page and for the export",
    async (query, field, message) => {
      const admin = await createSignedInUser({ role: "admin" });
      const page = await call(
        manageOrdersPage.loader,
        getRequest(`/dashboard/manage-order${query}`, { cookie: admin.cookie }),
      );
      expect(page.status).toBe(400);
      expect(page.data.search.errors).toEqual({ [field]: message });
      expect(page.data.orders).toEqual([]);
      const exported = await call(
        ordersCsv.loader,
        getRequest(`/dashboard/export/orders.csv${query}`, { cookie: admin.cookie }),
      );
      expect(exported.status).toBe(400);
      expect(exported.data).toContain(message);
    },
  );
});

describe("the orders export", () => {
  test("staff export what the search finds, one row per line, UTF-8 with a BOM; a formula cell is defused", async () => {
    const token = uniqueToken().toUpperCase();
    const buyer = await buyerOf(`Export Co ${token}`);
    const part = await newItem({
      part_number: `EXP-${token}`,
      price_cents: 1250,
      quantity: 20,
      name: "Spur gear, 20T",
    });
    const other = await newItem({ quantity: 20 });
    const formula = `=HYPERLINK("http://evil.example","${token}")`;
    const orderId = await order(
      buyer.user.id,
      [
        { itemId: part.id, quantity: 3 },
        { itemId: other.id, quantity: 1 },
      ],
      formula,
    );
    const admin = await createSignedInUser({ role: "admin" });
    const { response, bom, records } = await download(
      ordersCsv.loader,
      `/dashboard/export/orders.csv?q=${encodeURIComponent(`Export Co ${token}`)}`,
      admin.cookie,
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(bom).toBe(true);
    expect(records).toHaveLength(2);
    const stored = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(records[0]).toMatchObject({
      order: String(orderId),
      status: "pending",
      customer: buyer.user.display_name,
      company: `Export Co ${token}`,
      po_number: `'${formula}`,
      part_number: `EXP-${token}`,
      item_name: "Spur gear, 20T",
      quantity: "3",
      unit_price: "12.50",
      line_total: "37.50",
      order_total: csvAmount(Number(stored.total_cents)),
    });
    expect(records[1].order).toBe(String(orderId));
  });

  test("a buyer's export holds their own orders only", async () => {
    const mine = await createSignedInUser();
    const theirs = await createSignedInUser();
    const part = await newItem({ quantity: 20 });
    const own = await order(mine.user.id, [{ itemId: part.id, quantity: 1 }]);
    await order(theirs.user.id, [{ itemId: part.id, quantity: 1 }]);
    const { records } = await download(ordersCsv.loader, "/dashboard/export/orders.csv", mine.cookie);
    expect(records.map((record) => record.order)).toEqual([String(own)]);
  });

  test("signed out, the export sends the visitor to sign in", async () => {
    const outcome = await call(ordersCsv.loader, getRequest("/dashboard/export/orders.csv"));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/sign-in\?redirectTo=/);
  });
});

describe("the invoices export for accounts", () => {
  test("one row per line and one for shipping, each with net, VAT and gross, adding up to the invoice", async () => {
    const buyer = await createSignedInUser();
    const parts = await Promise.all([333, 1999, 5].map((price_cents) => newItem({ price_cents, quantity: 10 })));
    const orderId = await order(
      buyer.user.id,
      parts.map((part, index) => ({ itemId: part.id, quantity: index + 1 })),
      "PO-ACC-1",
    );
    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);
    const invoice = await db
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", shipped.invoice.id)
      .executeTakeFirstOrThrow();

    const { bom, records } = await download(invoicesCsv.loader, "/dashboard/export/invoices.csv", buyer.cookie);
    expect(bom).toBe(true);
    expect(records.map((record) => record.description)).toEqual([...parts.map((part) => part.name), "Shipping"]);
    expect(records.every((record) => record.document === invoice.number && record.vat_rate === "20")).toBe(true);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const sum = (field: string) => records.reduce((total, record) => total + cents(record[field]), 0);
    expect(sum("net")).toBe(Number(invoice.goods_cents) + Number(invoice.shipping_cents));
    expect(sum("vat")).toBe(Number(invoice.tax_cents));
    expect(sum("gross")).toBe(Number(invoice.total_cents));
    for (const record of records) expect(cents(record.gross)).toBe(cents(record.net) + cents(record.vat));
    expect(records[1]).toMatchObject({ quantity: "2", unit_price: "19.99", net: "39.98", vat: "8.00", gross: "47.98" });
    // Each row names its document's e-invoice, and the day it was issued where the shop is.
    for (const record of records) {
      expect(record.e_invoice).toBe(`${appUrl()}/dashboard/invoices/${invoice.number}.xml`);
      expect(record.issued_on).toBe(storeToday(new Date(invoice.issued_at)));
    }

    // Another buyer's export has none of it.
    const stranger = await createSignedInUser();
    expect((await download(invoicesCsv.loader, "/dashboard/export/invoices.csv", stranger.cookie)).records).toEqual([]);
  });
});
