import { afterAll, beforeAll, expect, test } from "vitest";

import { newItem } from "../support/builders";
import { type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// GET /dashboard/export/catalog.csv through the built server: what Remix and our server send with a
// streamed resource route (the headers a download needs), and who may have it.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

test("an admin downloads the catalog as a UTF-8 CSV attachment, never cached or sniffed", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const part = await newItem({ name: `Export Gear ${uniqueToken()}` });
  const response = await fetch(`${server.origin}/dashboard/export/catalog.csv`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // TextDecoder reads the byte order mark as such, and leaves it out of the text.
  const text = new TextDecoder().decode(bytes);
  expect(text.split("\r\n")[0]).toBe(
    "part_number,name,category,price,price_breaks,min_order_quantity,stock,reorder_point,lead_time_days,supplier,hidden,backorders,image,description,specs,pictures,documents,version",
  );
  expect(text).toContain(`${part.part_number},${part.name},`);
});

test("a customer gets a 403 and a visitor the sign-in page, with no catalog in either", async () => {
  const { cookie } = await createSignedInUser();
  const customer = await fetch(`${server.origin}/dashboard/export/catalog.csv`, { headers: { Cookie: cookie } });
  expect(customer.status).toBe(403);
  expect(customer.headers.get("content-type")).not.toContain("text/csv");
  const visitor = await fetch(`${server.origin}/dashboard/export/catalog.csv`, { redirect: "manual" });
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("location")).toBe("/sign-in?redirectTo=%2Fdashboard%2Fexport%2Fcatalog.csv");
});
