import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { CATALOG_CSV_COLUMNS, catalogCsvBatches } from "~/models/catalog-export.server";
import * as exportRoute from "~/routes/dashboard.export.catalog[.]csv";

import { newCategory, newItem } from "../support/builders";
import { call, getRequest } from "../support/http";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

function exportAs(cookie: string) {
  return exportRoute.loader({
    request: getRequest("/dashboard/export/catalog.csv", { cookie }),
    params: {},
    context: {},
  });
}

/** The file as a spreadsheet reads it: the byte order mark, then rows of cells by header. */
async function readCsv(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes.slice(3));
  const rows: string[][] = parse(text, { relax_column_count: false });
  return { header: rows[0], records: rows.slice(1), text };
}

describe("the catalog export", () => {
  test("is every part in id order, with its category, prices, stock, specs and price breaks", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    const token = uniqueToken();
    const part = await newItem(
      {
        name: `Timing Pulley, 40 teeth “HTD” ${token}`,
        description: 'Bore 8 mm; "pilot" bore\nsecond line',
        category_id: category.id,
        price_cents: 123456,
        quantity: 17,
        reorder_point: 4,
        lead_time_days: 21,
        min_order_quantity: 2,
        supplier_name: "Gearwright Works",
      },
      {
        specs: [
          { name: "Teeth", value: "40", unit: null },
          { name: "Bore", value: "8", unit: "mm" },
        ],
        priceBreaks: [
          { minQuantity: 10, priceCents: 110000 },
          { minQuantity: 50, priceCents: 99950 },
        ],
      },
    );
    const draft = await newItem({ name: `Draft ${token}`, hidden: 1 });

    const response = await exportAs(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const { header, records, text } = await readCsv(response);
    expect(header).toEqual([...CATALOG_CSV_COLUMNS]);
    expect(text).toContain("\r\n");
    // A cell with a line break is quoted: a reader that ends rows at a bare line break reads it too.
    expect(text).toContain('"10: 1100.00\n50: 999.50"');
    expect(text).toContain('"Teeth: 40\nBore: 8 mm"');
    const byPartNumber = new Map(
      records.map((row) => [row[0], Object.fromEntries(header.map((name, i) => [name, row[i]]))]),
    );
    expect(byPartNumber.get(part.part_number)).toEqual({
      part_number: part.part_number,
      name: part.name,
      category: category.slug,
      price: "1234.56",
      price_breaks: "10: 1100.00\n50: 999.50",
      min_order_quantity: "2",
      stock: "17",
      reorder_point: "4",
      lead_time_days: "21",
      supplier: "Gearwright Works",
      hidden: "no",
      backorders: "yes",
      image: part.img,
      description: 'Bore 8 mm; "pilot" bore\nsecond line',
      specs: "Teeth: 40\nBore: 8 mm",
      pictures: "",
      documents: "",
      version: String(
        (await db.selectFrom("items").select("version").where("id", "=", part.id).executeTakeFirstOrThrow()).version,
      ),
    });
    expect(byPartNumber.get(draft.part_number)).toMatchObject({ hidden: "yes", category: "" });
    // Every part, once, in id order (other tests may add parts meanwhile: those may be missing).
    const idOf = new Map(
      (await db.selectFrom("items").select(["id", "part_number"]).execute()).map((row) => [row.part_number, row.id]),
    );
    const exportedIds = records.map((row) => idOf.get(row[0])!);
    expect(exportedIds).toEqual([...exportedIds].sort((a, b) => a - b));
    expect(new Set(exportedIds).size).toBe(exportedIds.length);
    expect(exportedIds).toEqual(expect.arrayContaining([part.id, draft.id]));
  });

  test("a cell a spreadsheet would run as a formula starts with an apostrophe", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const token = uniqueToken();
    const formulas = [
      `=HYPERLINK("http://evil.test","${token}")`,
      `+1+1 ${token}`,
      `-2+3 ${token}`,
      `@SUM(A1) ${token}`,
    ];
    const parts = [];
    for (const name of formulas) parts.push(await newItem({ name, supplier_name: `=cmd|' /C calc'!A0 ${token}` }));
    const { header, records } = await readCsv(await exportAs(cookie));
    const nameColumn = header.indexOf("name");
    const supplierColumn = header.indexOf("supplier");
    for (const [index, part] of parts.entries()) {
      const row = records.find((cells) => cells[0] === part.part_number)!;
      expect(row[nameColumn]).toBe(`'${formulas[index]}`);
      expect(row[supplierColumn]).toBe(`'=cmd|' /C calc'!A0 ${token}`);
    }
  });

  test("is read a slice at a time, each after the last part of the one before", async () => {
    const made = [await newItem(), await newItem(), await newItem()];
    const sizes: number[] = [];
    const partNumbers: string[] = [];
    for await (const rows of catalogCsvBatches({ batch: 2 })) {
      sizes.push(rows.length);
      partNumbers.push(...rows.map((row) => row[0]));
    }
    expect(Math.max(...sizes)).toBe(2);
    const idOf = new Map(
      (await db.selectFrom("items").select(["id", "part_number"]).execute()).map((row) => [row.part_number, row.id]),
    );
    const ids = partNumbers.map((partNumber) => idOf.get(partNumber) ?? 0);
    expect(ids.every((id, index) => index === 0 || id > ids[index - 1])).toBe(true);
    expect(partNumbers).toEqual(expect.arrayContaining(made.map((part) => part.part_number)));
  });

  test("is for admins only", async () => {
    const { cookie } = await createSignedInUser();
    const path = "/dashboard/export/catalog.csv";
    expect((await call(exportRoute.loader, getRequest(path, { cookie }))).status).toBe(403);
    const visitor = await call(exportRoute.loader, getRequest(path));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
  });
});
