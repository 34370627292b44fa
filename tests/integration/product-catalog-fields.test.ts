import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { listSpecs } from "~/models/item";
import * as addProduct from "~/routes/dashboard.add-product";
import * as editProduct from "~/routes/dashboard.manage-product_.$id";
import * as catalog from "~/routes/items";
import { parseSpecLines } from "~/validation/product";

import { newCategory, newItem } from "../support/builders";
import { call, fieldErrors, getRequest, postRequest } from "../support/http";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The dashboard's product form edits a part's catalog fields: part number, category, lead time and
// specifications (one "Name: value unit" per line).

type Fields = Record<string, string | string[] | undefined>;

function productForm(overrides: Fields = {}): Fields {
  return {
    name: `Shaft Collar ${uniqueToken()}`,
    img: "/images/items/spur-gear.svg",
    description: "A clamp collar.",
    price: "4.95",
    quantity: "12",
    supplierName: "Gearwright Works",
    ...overrides,
  };
}

const itemNamed = (name: string) => db.selectFrom("items").selectAll().where("name", "=", name).executeTakeFirst();
const searchIds = async (text: string) =>
  (await call(catalog.loader, getRequest(`/items?q=${encodeURIComponent(text)}`))).data.items.map(
    (item: { id: number }) => item.id,
  );

describe("specification lines", () => {
  test.each([
    ["Bore: 8 mm", { name: "Bore", value: "8", unit: "mm" }],
    ["Material: C45 steel", { name: "Material", value: "C45 steel", unit: null }],
    ["Size:  20 x 28 mm ", { name: "Size", value: "20 x 28", unit: "mm" }],
    ["Module: 1.5", { name: "Module", value: "1.5", unit: null }],
    ["Thread: M6", { name: "Thread", value: "M6", unit: null }],
    ["Pressure angle: 20 °", { name: "Pressure angle", value: "20", unit: "°" }],
  ])("%j reads as %j", (line, spec) => {
    expect(parseSpecLines(line)).toEqual({ specs: [spec] });
  });

  test("blank lines are skipped; a line without a name or value says which line", () => {
    expect(parseSpecLines("Bore: 8 mm\n\n  \nTeeth: 20")).toEqual({
      specs: [
        { name: "Bore", value: "8", unit: "mm" },
        { name: "Teeth", value: "20", unit: null },
      ],
    });
    expect(parseSpecLines("Bore: 8 mm\nsteel")).toEqual({ error: expect.stringMatching(/^Line 2: /) });
    expect(parseSpecLines(": 8 mm")).toEqual({ error: expect.stringMatching(/^Line 1: /) });
  });
});

describe("adding a part with its catalog fields", () => {
  test("part number, category, lead time and specs are stored, and the part is found by its number", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    const partNumber = `GW-SC-${uniqueToken().toUpperCase()}`;
    const fields = productForm({
      partNumber,
      category: String(category.id),
      leadTimeDays: "21",
      specs: "Bore: 8 mm\r\nMaterial: C45 steel\r\nWidth: 9 mm",
    });
    const outcome = await call(addProduct.action, postRequest("/dashboard/add-product", fields, { cookie }));
    expect(outcome.status).toBe(302);
    const stored = await itemNamed(fields.name as string);
    expect(stored).toMatchObject({ part_number: partNumber, category_id: category.id, lead_time_days: 21 });
    expect(await listSpecs(stored!.id)).toEqual([
      { name: "Bore", value: "8", unit: "mm" },
      { name: "Material", value: "C45 steel", unit: null },
      { name: "Width", value: "9", unit: "mm" },
    ]);
    expect(await searchIds(partNumber.toLowerCase().replace(/-/g, " "))).toEqual([stored!.id]);
  });

  test("without the catalog fields (the original form), a part number is made up and the lead time is 14 days", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const fields = productForm();
    expect((await call(addProduct.action, postRequest("/dashboard/add-product", fields, { cookie }))).status).toBe(302);
    expect(await itemNamed(fields.name as string)).toMatchObject({
      part_number: expect.stringMatching(/^GW-[0-9A-F]{8}$/),
      category_id: null,
      lead_time_days: 14,
    });
  });

  const refusals: [string, Fields, string][] = [
    ["a spec line without a colon", { specs: "Bore: 8 mm\nsteel" }, "specs"],
    ["a spec named twice", { specs: "Bore: 8 mm\nbore: 10 mm" }, "specs"],
    ["thirteen specs", { specs: Array.from({ length: 13 }, (_, index) => `S${index}: ${index}`).join("\n") }, "specs"],
    ["a part number with odd characters", { partNumber: "GW<script>" }, "partNumber"],
    ["a 41-character part number", { partNumber: "G".repeat(41) }, "partNumber"],
    ["a lead time of 366 days", { leadTimeDays: "366" }, "leadTimeDays"],
    ["a negative lead time", { leadTimeDays: "-1" }, "leadTimeDays"],
    ["a category id that is not a number", { category: "abc" }, "category"],
    ["a category that does not exist", { category: "2147483000" }, "category"],
  ];

  test.each(refusals)("%s: 400 with a field error, nothing stored", async (_label, overrides, field) => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const fields = productForm(overrides);
    const outcome = await call(addProduct.action, postRequest("/dashboard/add-product", fields, { cookie }));
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome)[field]?.length ?? 0).toBeGreaterThan(0);
    expect(await itemNamed(fields.name as string)).toBeUndefined();
  });

  test("a part number another part has (however it is punctuated) is refused on the field", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const taken = await newItem({ part_number: `GW-DUP-${uniqueToken().toUpperCase()}` });
    const fields = productForm({ partNumber: taken.part_number.replace(/-/g, " ").toLowerCase() });
    const outcome = await call(addProduct.action, postRequest("/dashboard/add-product", fields, { cookie }));
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).partNumber).toEqual(["Another part already has this part number"]);
    expect(await itemNamed(fields.name as string)).toBeUndefined();
  });
});

describe("editing a part's catalog fields", () => {
  test("the form shows them; saving replaces the specs and the part number, and search follows", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    const oldNumber = `GW-OLD-${uniqueToken().toUpperCase()}`;
    const item = await newItem({ part_number: oldNumber, category_id: category.id }, [
      { name: "Bore", value: "8", unit: "mm" },
      { name: "Material", value: "Brass", unit: null },
    ]);
    const path = `/dashboard/manage-product/${item.id}`;
    const page = await call(editProduct.loader, getRequest(path, { cookie }), { id: String(item.id) });
    expect(page.data.values).toMatchObject({
      partNumber: oldNumber,
      category: category.id,
      leadTimeDays: 14,
      specs: "Bore: 8 mm\nMaterial: Brass",
    });

    const newNumber = `GW-NEW-${uniqueToken().toUpperCase()}`;
    const fields = {
      ...page.data.values,
      intent: "update",
      version: String(page.data.values.version),
      category: String(category.id),
      partNumber: newNumber,
      leadTimeDays: "30",
      specs: "Bore: 10 mm",
    } as Fields;
    const outcome = await call(editProduct.action, postRequest(path, fields, { cookie }), { id: String(item.id) });
    expect(outcome.status).toBe(302);
    expect(await listSpecs(item.id)).toEqual([{ name: "Bore", value: "10", unit: "mm" }]);
    expect(await searchIds(newNumber)).toEqual([item.id]);
    expect(await searchIds(oldNumber)).toEqual([]);

    const facets = await call(catalog.loader, getRequest(`/items?category=${category.slug}`));
    expect(facets.data.specs).toEqual([]);
    const bore10 = await call(catalog.loader, getRequest(`/items?category=${category.slug}&spec=Bore:10`));
    expect(bore10.data.items.map((row: { id: number }) => row.id)).toEqual([item.id]);
  });

  test("taking another part's number is refused and nothing changes", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const other = await newItem({ part_number: `GW-TAKEN-${uniqueToken().toUpperCase()}` });
    const item = await newItem({}, [{ name: "Bore", value: "8", unit: "mm" }]);
    const path = `/dashboard/manage-product/${item.id}`;
    const page = await call(editProduct.loader, getRequest(path, { cookie }), { id: String(item.id) });
    const fields = {
      ...page.data.values,
      intent: "update",
      version: String(page.data.values.version),
      partNumber: other.part_number,
      specs: "Bore: 12 mm",
    } as Fields;
    const outcome = await call(editProduct.action, postRequest(path, fields, { cookie }), { id: String(item.id) });
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).partNumber?.length).toBe(1);
    expect((await db.selectFrom("items").selectAll().where("id", "=", item.id).executeTakeFirst())?.part_number).toBe(
      item.part_number,
    );
    expect(await listSpecs(item.id)).toEqual([{ name: "Bore", value: "8", unit: "mm" }]);
  });
});
