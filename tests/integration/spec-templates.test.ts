import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { templatesFromSpecsOf } from "~/db/migrations/0024_spec_templates";
import { browseCatalog } from "~/models/catalog";
import { createItem, updateItem } from "~/models/item";
import { saveSpecTemplates, specTemplatesOf } from "~/models/spec-templates.server";
import * as addProduct from "~/routes/dashboard.add-product";
import * as specTemplates from "~/routes/dashboard.spec-templates";

import { newCategory, newItem } from "../support/builders";
import { call, fieldErrors, flashOf, getRequest, postRequest } from "../support/http";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

const specsOf = (itemId: number) =>
  db
    .selectFrom("item_specs")
    .select(["name", "value", "unit"])
    .where("item_id", "=", itemId)
    .orderBy("position")
    .execute();

const base = {
  img: "/images/items/spur-gear.svg",
  description: "d",
  price_cents: 1000,
  quantity: 5,
  supplier_name: "s",
};

/** A category with Gears' templates: Bore in mm, Pressure angle in °, Material from a list, Teeth plain. */
async function gears({ decimalComma = false } = {}) {
  const category = await newCategory();
  await saveSpecTemplates(category.id, [
    { name: "Teeth", unit: null, allowedValues: [], decimalComma },
    { name: "Bore", unit: "mm", allowedValues: [], decimalComma },
    { name: "Pressure angle", unit: "°", allowedValues: ["14.5", "20"], decimalComma },
    { name: "Material", unit: null, allowedValues: ["C45 steel", "POM"], decimalComma },
  ]);
  return category;
}

describe("every write of a part's specs goes through its category's templates", () => {
  test("8mm, 8 mm, 8 MM and 0.8 cm are one value; 20° and 20 ° too; so one filter choice", async () => {
    const category = await gears();
    for (const [bore, angle] of [
      ["8mm", "20°"],
      ["8 mm", "20 °"],
      ["8 MM", "20 deg"],
      ["0.8 cm", "20"],
    ]) {
      const part = await newItem({ ...base, name: `Gear ${uniqueToken()}`, category_id: category.id }, [
        { name: "bore", value: bore, unit: null },
        { name: "Pressure angle", value: angle, unit: null },
      ]);
      expect(await specsOf(part.id)).toEqual([
        { name: "Bore", value: "8", unit: "mm" },
        { name: "Pressure angle", value: "20", unit: "°" },
      ]);
    }
    // One value in the category's counts, the filter's choices.
    const counts = await db
      .selectFrom("spec_counts")
      .select(["name", "value", "unit", "items"])
      .where("category_id", "=", category.id)
      .where("items", ">", 0)
      .orderBy("name")
      .execute();
    expect(counts.map((row) => ({ ...row, items: Number(row.items) }))).toEqual([
      { name: "Bore", value: "8", unit: "mm", items: 4 },
      { name: "Pressure angle", value: "20", unit: "°", items: 4 },
    ]);
    const chosen = await browseCatalog({ category: category.slug, specs: { Bore: ["8"] } }, { page: 1 });
    expect(chosen.total).toBe(4);
  });

  test("refuses another quantity's unit, a value not allowed, a decimal comma, and writes nothing", async () => {
    const category = await gears();
    const make = (spec: { name: string; value: string; unit: string | null }) =>
      createItem({ ...base, name: `Gear ${uniqueToken()}`, category_id: category.id }, { specs: [spec] });
    expect(await make({ name: "Bore", value: "8", unit: "bar" })).toEqual({
      ok: false,
      reason: "field",
      field: "specs",
      message: "Bore: 8 bar is a pressure; this spec is in mm",
    });
    expect(await make({ name: "Material", value: "Brass", unit: null })).toMatchObject({
      field: "specs",
      message: "Material: choose one of C45 steel, POM",
    });
    expect(await make({ name: "Pressure angle", value: "25", unit: "°" })).toMatchObject({
      message: "Pressure angle: choose one of 14.5, 20",
    });
    expect(await make({ name: "Bore", value: "0,5", unit: "mm" })).toMatchObject({
      message: "Bore: Write decimals with a point (8.5), not a comma",
    });
    const { count } = await db
      .selectFrom("items")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("category_id", "=", category.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  test("a category that reads a comma as the decimal point stores 0,5 as 0.5", async () => {
    const category = await gears({ decimalComma: true });
    const part = await newItem({ ...base, name: `Gear ${uniqueToken()}`, category_id: category.id }, [
      { name: "Bore", value: "12,5", unit: "mm" },
    ]);
    expect(await specsOf(part.id)).toEqual([{ name: "Bore", value: "12.5", unit: "mm" }]);
  });

  test("an edit, a move to another category and the product form all read through the templates", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await gears();
    const loose = await newItem({ ...base, name: `Loose ${uniqueToken()}` }, [
      { name: "Bore", value: "8mm", unit: null },
    ]);
    // No category, no template: kept as written, tidied.
    expect(await specsOf(loose.id)).toEqual([{ name: "Bore", value: "8mm", unit: null }]);
    const moved = await updateItem(
      loose.id,
      { category_id: category.id },
      { specs: [{ name: "Bore", value: "8mm", unit: null }] },
    );
    expect(moved.ok).toBe(true);
    expect(await specsOf(loose.id)).toEqual([{ name: "Bore", value: "8", unit: "mm" }]);

    const name = `Form Gear ${uniqueToken()}`;
    const outcome = await call(
      addProduct.action,
      postRequest(
        "/dashboard/add-product",
        {
          name,
          img: "/images/items/spur-gear.svg",
          description: "A gear.",
          price: "12.00",
          quantity: "3",
          supplierName: "s",
          category: String(category.id),
          specs: "Bore: 8 mm\nPressure angle: 20°\nMaterial: POM",
        },
        { cookie },
      ),
    );
    expect(outcome.status).toBe(302);
    const made = await db.selectFrom("items").select("id").where("name", "=", name).executeTakeFirstOrThrow();
    expect(await specsOf(made.id)).toEqual([
      { name: "Bore", value: "8", unit: "mm" },
      { name: "Pressure angle", value: "20", unit: "°" },
      { name: "Material", value: "POM", unit: null },
    ]);
    const refused = await call(
      addProduct.action,
      postRequest(
        "/dashboard/add-product",
        {
          name: `${name} 2`,
          img: "/images/items/spur-gear.svg",
          description: "A gear.",
          price: "12.00",
          quantity: "3",
          supplierName: "s",
          category: String(category.id),
          specs: "Bore: 8 kg",
        },
        { cookie },
      ),
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).specs).toEqual(["Bore: 8 kg is a mass; this spec is in mm"]);
  });
});

describe("the spec templates page", () => {
  test("shows a category's templates as text and saves them back, refusing an unknown unit", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await gears();
    const page = await call(
      specTemplates.loader,
      getRequest(`/dashboard/spec-templates?category=${category.slug}`, { cookie }),
    );
    expect(page.data.values).toEqual({
      templates: "Teeth\nBore (mm)\nPressure angle (°) = 14.5 | 20\nMaterial = C45 steel | POM",
      decimalComma: false,
    });
    const save = (templates: string, extra: Record<string, string | boolean> = {}) =>
      call(
        specTemplates.action,
        postRequest(
          "/dashboard/spec-templates",
          { intent: "save", categoryId: String(category.id), templates, ...extra },
          { cookie },
        ),
      );
    const refused = await save("Bore (furlongs)");
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).templates).toEqual([
      "Line 1: “furlongs” is not a unit the catalog knows (mm, bar, °, kN…)",
    ]);
    expect(await specTemplatesOf(category.id)).toHaveLength(4);

    const saved = await save("Bore (millimetres)\nLength (m) = 1 | 2,5\nFinish", { decimalComma: true });
    expect(saved.status).toBe(302);
    expect((await flashOf(saved))?.message).toMatch(/^Spec templates saved for /);
    expect(await specTemplatesOf(category.id)).toEqual([
      { name: "Bore", unit: "mm", allowedValues: [], decimalComma: true },
      { name: "Length", unit: "m", allowedValues: ["1", "2.5"], decimalComma: true },
      { name: "Finish", unit: null, allowedValues: [], decimalComma: true },
    ]);
    const customer = await createSignedInUser();
    expect(
      (await call(specTemplates.loader, getRequest("/dashboard/spec-templates", { cookie: customer.cookie }))).status,
    ).toBe(403);
  });
});

describe("migration 0024", () => {
  test("reads templates off a category's specs and rewrites its values as a write through them would", async () => {
    const category = await newCategory();
    const parts = [];
    for (const [bore, angle, material] of [
      ["8mm", "20°", "C45 steel"],
      ["8", "20", "POM"],
      ["10 mm", "14.5 °", "C45 steel"],
    ]) {
      parts.push(await newItem({ ...base, name: `Old Gear ${uniqueToken()}`, category_id: category.id }));
      const [boreValue, boreUnit] = bore.endsWith(" mm")
        ? [bore.slice(0, -3), "mm"]
        : [bore, bore === "8" ? "mm" : null];
      const [angleValue, angleUnit] = angle.endsWith(" °")
        ? [angle.slice(0, -2), "°"]
        : [angle, angle === "20" ? "°" : null];
      // As an older app stored them, behind the models' backs.
      await db
        .insertInto("item_specs")
        .values([
          { item_id: parts.at(-1)!.id, name: "Bore", value: boreValue, unit: boreUnit, position: 0 },
          { item_id: parts.at(-1)!.id, name: "Pressure angle", value: angleValue, unit: angleUnit, position: 1 },
          { item_id: parts.at(-1)!.id, name: "Material", value: material, unit: null, position: 2 },
        ])
        .execute();
    }
    // The migration's work for one category (its own categories are those of an older catalog).
    await templatesFromSpecsOf(db, category.id);
    expect(await specTemplatesOf(category.id)).toEqual([
      { name: "Bore", unit: "mm", allowedValues: [], decimalComma: false },
      { name: "Pressure angle", unit: "°", allowedValues: [], decimalComma: false },
      { name: "Material", unit: null, allowedValues: [], decimalComma: false },
    ]);
    for (const part of parts.slice(0, 2)) {
      expect(await specsOf(part.id)).toEqual([
        { name: "Bore", value: "8", unit: "mm" },
        { name: "Pressure angle", value: "20", unit: "°" },
        { name: "Material", value: expect.any(String), unit: null },
      ]);
    }
    const page = await browseCatalog({ category: category.slug }, { page: 1 });
    const bores = page.specs.find((facet) => facet.name === "Bore")?.choices;
    expect(bores).toEqual([
      { value: "8", unit: "mm", count: 2 },
      { value: "10", unit: "mm", count: 1 },
    ]);
  });
});
