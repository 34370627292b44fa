import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";

import { newItem } from "../support/builders";
import { placeTestOrder } from "../support/orders";
import { type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The orders and invoices exports through the built server (issue 27): the headers a streamed
// download needs, a search that cannot be as a 400, and who gets whose orders.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

async function get(path: string, cookie?: string) {
  return fetch(`${server.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

test("staff export the orders a search finds as a UTF-8 CSV attachment; a buyer gets their own", async () => {
  const token = uniqueToken().toUpperCase();
  const admin = await createSignedInUser({ role: "admin" });
  const buyer = await createSignedInUser();
  const stranger = await createSignedInUser();
  const part = await newItem({ part_number: `HTTP-${token}`, quantity: 10 });
  const placed = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 2 }, { poNumber: `PO-${token}` });
  if (!placed.ok) throw new Error(placed.reason);
  await placeTestOrder(stranger.user.id, { itemId: part.id, quantity: 1 });

  const response = await get(`/dashboard/export/orders.csv?q=PO-${token}`, admin.cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
  expect(rows[0]).toBe(
    "order,placed_at,status,customer,email,company,po_number,part_number,item_name,quantity,shipped,cancelled,unit_price,line_total,order_goods,order_shipping,order_tax,order_total,price_list",
  );
  expect(rows.slice(1).map((row) => row.split(",")[0])).toEqual([String(placed.orderId)]);

  const own = await (await get(`/dashboard/export/orders.csv?q=HTTP-${token}`, buyer.cookie)).text();
  expect(
    own
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((row) => row.split(",")[0]),
  ).toEqual([String(placed.orderId)]);
  const orderCount = await db.selectFrom("orders").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
  expect(Number(orderCount.n)).toBeGreaterThan(1);
});

test("a search that cannot be is a 400 in plain words; a visitor is sent to sign in", async () => {
  const admin = await createSignedInUser({ role: "admin" });
  const refused = await get("/dashboard/export/orders.csv?from=2026-02-01&to=2026-01-01", admin.cookie);
  expect(refused.status).toBe(400);
  expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  expect(await refused.text()).toBe("This search cannot be exported. to: The first day comes before the last\n");
  for (const path of ["/dashboard/export/orders.csv", "/dashboard/export/invoices.csv"]) {
    const visitor = await get(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
  }
});

test("the invoices export is a CSV attachment too", async () => {
  const buyer = await createSignedInUser();
  const response = await get("/dashboard/export/invoices.csv", buyer.cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect((await response.text()).trimEnd()).toBe(
    "document,kind,issued_on,order,customer,po_number,part_number,description,quantity,unit_price,net,vat_rate,vat,gross,e_invoice,credits_invoice",
  );
});
