import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { createApiKey } from "~/models/api-key.server";
import { addLinesToCart } from "~/models/cart";
import { addMember } from "~/models/company";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_STRINGIFY_OPTIONS } from "~/validation/catalog-import";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { placeTestOrder, SHIP_FIELDS, SHIPPING } from "../support/orders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// Issue 55, round four of the outside findings, through the built server over HTTP (both databases:
// npm test runs the server suite on SQLite and on PostgreSQL).

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  postForm(server.origin, path, fields, { cookie });

/** The flash a redirect set, as the page it lands on shows it. */
async function flashAfter(response: Response, cookie: string) {
  const flash = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("__flash="))!
    .split(";")[0];
  return (await get(response.headers.get("Location")!, `${cookie}; ${flash}`)).text();
}

describe("1. a return is credited against the invoices that billed it", () => {
  test("5 returned one at a time of 3 + 2 billed: 3 credit INV-1 and 2 credit INV-2; an invoice wholly credited is no longer overdue", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { admin: buyer } = await newCompany({ paymentTermsDays: 30 });
    const part = await newItem({ price_cents: 1200, quantity: 3 });
    const placed = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 5 });
    if (!placed.ok) throw new Error(placed.reason);
    const orderPage = `/dashboard/manage-order/${placed.orderId}`;
    const ship = () =>
      post(orderPage, { intent: "ship", orderId: String(placed.orderId), ...SHIP_FIELDS }, admin.cookie);
    expect((await ship()).status).toBe(302);
    await adjustStockAndFill(part.id, { change: 2, reason: "Goods in", userId: admin.user.id });
    expect((await ship()).status).toBe(302);
    const invoices = await db
      .selectFrom("invoices")
      .select(["id", "number"])
      .where("order_id", "=", placed.orderId)
      .where("kind", "=", "invoice")
      .orderBy("id")
      .execute();
    expect(invoices).toHaveLength(2);
    const [line] = await db.selectFrom("order_lines").select("id").where("order_id", "=", placed.orderId).execute();

    const flashes: string[] = [];
    for (let unit = 0; unit < 5; unit += 1) {
      const returned = await post(
        orderPage,
        {
          intent: "return",
          orderId: String(placed.orderId),
          lineId: String(line.id),
          quantity: "1",
          reason: "Surplus",
        },
        admin.cookie,
      );
      expect(returned.status).toBe(302);
      flashes.push(await flashAfter(returned, admin.cookie));
    }
    expect(flashes.slice(0, 3).every((page) => page.includes(`(for ${invoices[0].number})`))).toBe(true);
    expect(flashes.slice(3).every((page) => page.includes(`(for ${invoices[1].number})`))).toBe(true);
    const notes = await db
      .selectFrom("invoices")
      .select(["credits_invoice_id", "total_cents"])
      .where("order_id", "=", placed.orderId)
      .where("kind", "=", "credit note")
      .execute();
    expect(notes.map((note) => note.credits_invoice_id)).toEqual([
      invoices[0].id,
      invoices[0].id,
      invoices[0].id,
      invoices[1].id,
      invoices[1].id,
    ]);

    // Both fall due: INV-2 is wholly credited, INV-1 still owes its shipping. Checkout on account names INV-1 only.
    await db
      .updateTable("invoices")
      .set({ due_on: "2020-01-01" })
      .where("order_id", "=", placed.orderId)
      .where("kind", "=", "invoice")
      .execute();
    await addLinesToCart(buyer.user.id, [{ itemId: (await newItem({ quantity: 10 })).id, quantity: 1 }]);
    const html = await (await get("/checkout", buyer.cookie)).text();
    const refused = await post(
      "/checkout",
      {
        ...SHIPPING,
        checkoutToken: /name="checkoutToken" value="([^"]+)"/.exec(html)![1],
        expectedTotal: /name="expectedTotal" value="(\d+)"/.exec(html)![1],
      },
      buyer.cookie,
    );
    const text = await refused.text();
    expect(refused.status).toBe(409);
    expect(text).toContain(`invoice ${invoices[0].number} is overdue`);
    expect(text).not.toContain(invoices[1].number);
  });
});

describe("2. keys end with a password change, and with sign out everywhere unless kept", () => {
  test("a key made by another session stops at the password change; sign out everywhere ends keys by default", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { key } = await createApiKey({ userId: admin.user.id, name: "made by another session" });
    const reads = async (apiKey: string) =>
      (await fetch(`${server.origin}/api/order`, { headers: { Authorization: `Bearer ${apiKey}` } })).status;
    expect(await reads(key)).toBe(200);
    const changed = await post(
      "/dashboard/my-profile",
      { intent: "password", currentPassword: "correct-horse-battery", newPassword: "tangerine-lathe-1987" },
      admin.cookie,
    );
    expect(changed.status).toBe(302);
    expect(
      await flashAfter(
        changed,
        changed.headers
          .getSetCookie()
          .find((c) => c.startsWith("__session="))!
          .split(";")[0],
      ),
    ).toContain("Your API key was revoked.");
    expect(await reads(key)).toBe(401);

    const other = await createSignedInUser({ role: "admin" });
    const { key: second } = await createApiKey({ userId: other.user.id, name: "sync" });
    expect((await post("/dashboard/my-profile", { intent: "sign-out-everywhere" }, other.cookie)).status).toBe(302);
    expect(await reads(second)).toBe(401);
  });
});

describe("3. the invoices CSV writes amounts as numbers", () => {
  test("a credit note's negative amounts are plain numbers, it names the invoice it credits, and text starting like a formula is guarded", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const buyer = await createSignedInUser({ displayName: "=HYPERLINK(1)" });
    const part = await newItem({ price_cents: 1000, quantity: 5 });
    const placed = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 1 });
    if (!placed.ok) throw new Error(placed.reason);
    const orderPage = `/dashboard/manage-order/${placed.orderId}`;
    await post(orderPage, { intent: "ship", orderId: String(placed.orderId), ...SHIP_FIELDS }, admin.cookie);
    const [line] = await db.selectFrom("order_lines").select("id").where("order_id", "=", placed.orderId).execute();
    await post(
      orderPage,
      { intent: "return", orderId: String(placed.orderId), lineId: String(line.id), quantity: "1", reason: "Damaged" },
      admin.cookie,
    );
    const [invoice, note] = await db
      .selectFrom("invoices")
      .select("number")
      .where("order_id", "=", placed.orderId)
      .orderBy("id")
      .execute();
    const csv = await (await get(`/dashboard/export/invoices.csv?q=${note.number}`, admin.cookie)).text();
    const row = csv.split("\r\n").find((text) => text.startsWith(note.number))!;
    expect(row).toContain(",-10.00,20,-2.00,-12.00,");
    expect(row.endsWith(`,${invoice.number}`)).toBe(true);
    expect(row).toContain(",'=HYPERLINK(1),");
    expect(csv).not.toContain("'-");
  });
});

describe("4. a private parts list stays private when its keeper joins a company", () => {
  test("a list saved before joining is not the company's until shared; one saved after is", async () => {
    const keeper = await createSignedInUser({ displayName: "Kim Keeper" });
    const part = await newItem({ quantity: 20 });
    await addLinesToCart(keeper.user.id, [{ itemId: part.id, quantity: 2 }]);
    const saveList = async (name: string) => {
      const saved = await post("/cart", { intent: "save-list", name }, keeper.cookie);
      expect(saved.status).toBe(302);
      return saved.headers.get("Location")!;
    };
    const privateList = await saveList(`Before joining ${uniqueToken()}`);
    const { companyId, admin: colleague } = await newCompany();
    expect(
      (await addMember(companyId, keeper.user.email, { role: "buyer", orderLimitCents: null, monthlyLimitCents: null }))
        .ok,
    ).toBe(true);
    expect((await get(privateList, colleague.cookie)).status).toBe(404);
    expect(await (await get("/dashboard/lists", colleague.cookie)).text()).not.toContain("Before joining");

    const companyList = await saveList(`After joining ${uniqueToken()}`);
    expect((await get(companyList, colleague.cookie)).status).toBe(200);

    expect((await post(privateList, { intent: "share" }, keeper.cookie)).status).toBe(302);
    expect((await get(privateList, colleague.cookie)).status).toBe(200);
    expect((await post(privateList, { intent: "unshare" }, keeper.cookie)).status).toBe(302);
    expect((await get(privateList, colleague.cookie)).status).toBe(404);
    expect((await post(privateList, { intent: "share" }, colleague.cookie)).status).toBe(404);
  });
});

describe("5. an import's Apply is refused when the catalog changed since its check", () => {
  function catalogFile(partNumbers: string[], name: string) {
    const rows = partNumbers.map((partNumber) =>
      CATALOG_CSV_COLUMNS.map(
        (column) =>
          ({
            part_number: partNumber,
            name,
            price: "1.50",
            stock: "10",
            supplier: "Gearwright Works",
            hidden: "no",
            image: "/images/items/spur-gear.svg",
            description: "A part for the stale-preview test.",
          })[column as string] ?? "",
      ),
    );
    return stringify([[...CATALOG_CSV_COLUMNS], ...rows], CATALOG_CSV_STRINGIFY_OPTIONS);
  }

  async function upload(cookie: string, content: string) {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("file", new File([content], "catalog.csv", { type: "text/csv" }));
    const response = await fetch(`${server.origin}/dashboard/import`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.origin },
    });
    expect(response.status).toBe(302);
    return Number(response.headers.get("Location")!.split("/").pop());
  }

  async function statusOf(importId: number, wanted: string[]) {
    const until = Date.now() + 30_000;
    for (;;) {
      const row = await db
        .selectFrom("catalog_imports")
        .select("status")
        .where("id", "=", importId)
        .executeTakeFirstOrThrow();
      if (wanted.includes(row.status) || Date.now() > until) return row.status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test("two files with the same new parts, checked at once: the second's Apply is refused naming its parts, and a fresh check shows the changes", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const token = uniqueToken().toUpperCase();
    const numbers = [1, 2, 3].map((n) => `GW-STALE-${token}-${n}`);
    const first = await upload(cookie, catalogFile(numbers, "First name"));
    const second = await upload(cookie, catalogFile(numbers, "Second name"));
    expect(await statusOf(first, ["checked"])).toBe("checked");
    expect(await statusOf(second, ["checked"])).toBe("checked");

    expect((await post(`/dashboard/import/${first}`, { intent: "apply" }, cookie)).status).toBe(302);
    expect(await statusOf(first, ["applied", "failed"])).toBe("applied");
    expect((await post(`/dashboard/import/${second}`, { intent: "apply" }, cookie)).status).toBe(302);
    expect(await statusOf(second, ["applied", "failed"])).toBe("failed");
    const page = await (await get(`/dashboard/import/${second}`, cookie)).text();
    expect(page).toContain("3 parts the file touches changed since it was checked");
    expect(page).toContain("Changed since the file was checked");
    expect(page).toContain("Check the file again");
    const names = await db.selectFrom("items").select("name").where("part_number", "in", numbers).execute();
    expect(names.map((row) => row.name)).toEqual(["First name", "First name", "First name"]);

    expect((await post(`/dashboard/import/${second}`, { intent: "recheck" }, cookie)).status).toBe(302);
    expect(await statusOf(second, ["checked", "refused", "failed"])).toBe("checked");
    const rechecked = await (await get(`/dashboard/import/${second}`, cookie)).text();
    expect(rechecked).toContain("Second name");
    expect((await post(`/dashboard/import/${second}`, { intent: "apply" }, cookie)).status).toBe(302);
    expect(await statusOf(second, ["applied", "failed"])).toBe("applied");
  });
});
