import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { claimNextImport, getCatalogImport, INTERRUPTED_APPLY, readSummary } from "~/models/catalog-import";
import { IMPORT_BATCH_ROWS } from "~/models/catalog-import/read-file.server";
import { MAX_LISTED_CHANGES } from "~/models/catalog-import/summary";
import { documentRefsOf, pictureRefsOf } from "~/models/media";
import { saveSpecTemplates } from "~/models/spec-templates.server";
import { adjustStock } from "~/models/stock.server";
import * as exportRoute from "~/routes/dashboard.export.catalog[.]csv";
import * as importRoute from "~/routes/dashboard.import";
import * as importPage from "~/routes/dashboard.import_.$id";
import * as editProduct from "~/routes/dashboard.manage-product_.$id";
import { runWaitingCatalogImports } from "~/services/catalog-import-runner.server";
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_STRINGIFY_OPTIONS } from "~/validation/catalog-import";

import { newCategory, newItem } from "../support/builders";
import { call, fieldErrors, getRequest, multipartRequest, postRequest } from "../support/http";
import { samplePdf, samplePhoto } from "../support/media-samples";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

const RUNNER = "test-runner";

/** A file as the export writes one (BOM, CRLF, formulas escaped), from rows of cells by column. */
function catalogFile(rows: Record<string, string>[], columns: readonly string[] = CATALOG_CSV_COLUMNS) {
  return `\uFEFF${stringify([[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? ""))], CATALOG_CSV_STRINGIFY_OPTIONS)}`;
}

/** The whole catalog as the export page sends it, as rows of cells by column. */
async function exportedRows(cookie: string) {
  const response = await exportRoute.loader({
    request: getRequest("/dashboard/export/catalog.csv", { cookie }),
    params: {},
    context: {},
  });
  const text = new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()));
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
}

function upload(cookie: string, content: string | Uint8Array<ArrayBuffer>, fileName = "catalog.csv") {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("file", new File([content], fileName, { type: "text/csv" }));
  return call(importRoute.action, multipartRequest("/dashboard/import", form, { cookie }));
}

/** Uploads a file and runs its check; the import as it stands after. */
async function uploadAndCheck(cookie: string, content: string) {
  const uploaded = await upload(cookie, content);
  expect(uploaded.status).toBe(302);
  const id = Number(uploaded.location!.split("/").pop());
  await runWaitingCatalogImports(RUNNER);
  const checked = (await getCatalogImport(id))!;
  return { id, checked, summary: readSummary(checked.summary)! };
}

async function applyAndRun(cookie: string, id: number) {
  const outcome = await call(
    importPage.action,
    postRequest(`/dashboard/import/${id}`, { intent: "apply" }, { cookie }),
    { id: String(id) },
  );
  await runWaitingCatalogImports(RUNNER);
  return { outcome, after: (await getCatalogImport(id))! };
}

const partRow = (overrides: Record<string, string> = {}) => ({
  part_number: `GW-IMP-${uniqueToken()}`,
  name: `Imported Spur Gear ${uniqueToken()}`,
  category: "",
  price: "12.50",
  price_breaks: "10: 11.00",
  min_order_quantity: "1",
  stock: "40",
  reorder_point: "5",
  lead_time_days: "14",
  supplier: "Gearwright Works",
  hidden: "no",
  image: "/images/items/spur-gear.svg",
  description: "A hardened spur gear.",
  specs: "Teeth: 20\nBore: 8 mm",
  ...overrides,
});

async function catalogState() {
  const [items, specs, breaks, movements, generation] = await Promise.all([
    db.selectFrom("items").select(["id", "version", "price_cents", "quantity", "name"]).orderBy("id").execute(),
    db.selectFrom("item_specs").select(["item_id", "name", "value", "unit"]).orderBy("id").execute(),
    db.selectFrom("price_breaks").selectAll().orderBy("item_id").orderBy("min_quantity").execute(),
    db.selectFrom("stock_movements").select("id").execute(),
    db.selectFrom("catalog_generation").select("generation").executeTakeFirstOrThrow(),
  ]);
  return { items, specs, breaks, movements: movements.length, generation: Number(generation.generation) };
}

describe("a catalog import, checked then applied", () => {
  test("the check lists new and changed parts and writes nothing; Apply writes them all", async () => {
    const { cookie, user } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    await saveSpecTemplates(category.id, [
      { name: "Teeth", unit: null, allowedValues: [], decimalComma: false },
      { name: "Bore", unit: "mm", allowedValues: [], decimalComma: false },
    ]);
    const existing = await newItem({ category_id: category.id, price_cents: 1250, quantity: 7 }, [
      { name: "Teeth", value: "20", unit: null },
    ]);
    const [exported] = (await exportedRows(cookie)).filter((row) => row.part_number === existing.part_number);
    const added = partRow({ category: category.slug, specs: "Teeth: 30\nBore: 8mm" });
    const before = await catalogState();

    const { id, checked, summary } = await uploadAndCheck(
      cookie,
      catalogFile([{ ...exported, price: "13.75", stock: "9" }, added]),
    );
    expect(checked.status).toBe("checked");
    expect(summary).toMatchObject({ rows: 2, creates: 1, changes: 1, unchanged: 0, refusedRows: 0, refusals: [] });
    expect(summary.listed.find((part) => part.partNumber === existing.part_number)?.changes).toEqual([
      { field: "Price", from: "12.50", to: "13.75" },
      { field: "Stock", from: "7", to: "9" },
    ]);
    // The dry run wrote nothing: no part, spec, price, stock line or search generation moved.
    expect(await catalogState()).toEqual(before);

    const { outcome, after } = await applyAndRun(cookie, id);
    expect(outcome.status).toBe(302);
    expect(after.status).toBe("applied");
    const changed = await db.selectFrom("items").selectAll().where("id", "=", existing.id).executeTakeFirstOrThrow();
    expect(changed).toMatchObject({ price_cents: 1375, quantity: 9, version: existing.version + 2 });
    const created = await db
      .selectFrom("items")
      .selectAll()
      .where("part_number", "=", added.part_number)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ name: added.name, category_id: category.id, price_cents: 1250, quantity: 40 });
    // The import wrote through the catalog's own rules: specs in the template's unit (8mm is 8 mm).
    const specs = await db
      .selectFrom("item_specs")
      .select(["name", "value", "unit"])
      .where("item_id", "=", created.id)
      .orderBy("position")
      .execute();
    expect(specs).toEqual([
      { name: "Teeth", value: "30", unit: null },
      { name: "Bore", value: "8", unit: "mm" },
    ]);
    // Stock moved by recorded movements, by whom and why.
    const movements = await db
      .selectFrom("stock_movements")
      .select(["item_id", "change", "quantity_after", "reason", "user_id"])
      .where("item_id", "in", [existing.id, created.id])
      .where("reason", "=", `Catalog import #${id}`)
      .orderBy("item_id")
      .execute();
    expect(movements).toEqual([
      { item_id: existing.id, change: 2, quantity_after: 9, reason: `Catalog import #${id}`, user_id: user.id },
      { item_id: created.id, change: 40, quantity_after: 40, reason: `Catalog import #${id}`, user_id: user.id },
    ]);
    // The file is not kept once applied.
    expect(await db.selectFrom("catalog_import_chunks").select("seq").where("import_id", "=", id).execute()).toEqual(
      [],
    );
  });

  test("re-importing an unchanged export changes nothing", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    await saveSpecTemplates(category.id, [{ name: "Bore", unit: "mm", allowedValues: [], decimalComma: false }]);
    await newItem(
      { category_id: category.id },
      {
        specs: [
          { name: "Bore", value: "8", unit: "mm" },
          { name: "Material", value: "C45 steel", unit: null },
        ],
        priceBreaks: [
          { minQuantity: 10, priceCents: 1100 },
          { minQuantity: 50, priceCents: 990 },
        ],
      },
    );
    await newItem({ name: `=1+2 ${uniqueToken()}`, hidden: 1, description: 'Line one\nline two, "quoted"' });
    const rows = await exportedRows(cookie);
    const before = await catalogState();
    const { id, summary } = await uploadAndCheck(cookie, catalogFile(rows));
    expect(summary).toMatchObject({
      rows: rows.length,
      creates: 0,
      changes: 0,
      unchanged: rows.length,
      refusedRows: 0,
    });
    const { after } = await applyAndRun(cookie, id);
    expect(after.status).toBe("applied");
    expect(await catalogState()).toEqual(before);
  });

  test("one refused row refuses the whole file: nothing can be applied", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const part = await newItem();
    const before = await catalogState();
    const good = { ...partRow(), part_number: part.part_number, name: "Renamed" };
    const { id, checked, summary } = await uploadAndCheck(
      cookie,
      catalogFile([
        good,
        partRow({ price: "twelve" }),
        partRow({ category: "no-such-category" }),
        partRow({ price_breaks: "10: 99.00" }),
      ]),
    );
    expect(checked.status).toBe("refused");
    expect(summary.refusedRows).toBe(3);
    // Each row spans two lines of text (its specs cell holds a line break); refusals name the rows
    // as a spreadsheet numbers them, and the parts.
    expect(summary.refusals).toEqual([
      {
        line: 3,
        partNumber: expect.any(String),
        column: "price",
        reason: expect.stringMatching(/^Enter a price like/),
      },
      {
        line: 4,
        partNumber: expect.any(String),
        column: "category",
        reason: expect.stringContaining("no-such-category"),
      },
      {
        line: 5,
        partNumber: expect.any(String),
        column: "price_breaks",
        reason: "Each price break must be below the price per unit",
      },
    ]);
    const { outcome, after } = await applyAndRun(cookie, id);
    expect(outcome.status).toBe(409);
    expect(after.status).toBe("refused");
    expect(await catalogState()).toEqual(before);
  });

  test("a row the catalog refuses only when applied rolls back every row before it", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    const part = await newItem();
    const before = await catalogState();
    const { id, checked } = await uploadAndCheck(
      cookie,
      catalogFile([
        { ...partRow(), part_number: part.part_number, name: "Renamed" },
        partRow({ category: category.slug }),
      ]),
    );
    expect(checked.status).toBe("checked");
    // The category goes between the check and the apply.
    await db.deleteFrom("spec_templates").where("category_id", "=", category.id).execute();
    await db.deleteFrom("categories").where("id", "=", category.id).execute();
    const { after } = await applyAndRun(cookie, id);
    expect(after.status).toBe("failed");
    expect(after.error).toMatch(/^Nothing was written/);
    expect(readSummary(after.summary)!.refusals).toEqual([
      {
        line: 3,
        partNumber: expect.any(String),
        column: "category",
        reason: "Its category was deleted after the file was checked",
      },
    ]);
    const { generation: _moved, ...unchanged } = before;
    expect(await catalogState()).toMatchObject(unchanged);
  });

  test("stock is set only where nothing moved it since the export; the rest is listed and left", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const still = await newItem({ quantity: 5 });
    const sold = await newItem({ quantity: 5 });
    const exported = (await exportedRows(cookie)).filter((row) =>
      [still.part_number, sold.part_number].includes(row.part_number),
    );
    await adjustStock(sold.id, { change: -2, reason: "Sold over the counter", userId: null });
    const { id, summary } = await uploadAndCheck(cookie, catalogFile(exported.map((row) => ({ ...row, stock: "20" }))));
    expect(summary).toMatchObject({ changes: 1, unchanged: 1, stockLeftCount: 1 });
    expect(summary.stockLeft).toEqual([
      expect.objectContaining({ partNumber: sold.part_number, file: 20, current: 3 }),
    ]);
    await applyAndRun(cookie, id);
    const quantities = await db
      .selectFrom("items")
      .select(["id", "quantity"])
      .where("id", "in", [still.id, sold.id])
      .orderBy("id")
      .execute();
    expect(quantities).toEqual([
      { id: still.id, quantity: 20 },
      { id: sold.id, quantity: 3 },
    ]);
  });

  test("a file made by hand, without the version column, sets stock of new parts only", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const part = await newItem({ quantity: 5 });
    const columns = CATALOG_CSV_COLUMNS.filter((column) => column !== "version");
    const added = partRow({ stock: "12" });
    const { id, summary } = await uploadAndCheck(
      cookie,
      catalogFile(
        [
          {
            ...partRow(),
            part_number: part.part_number,
            name: part.name,
            stock: "50",
            price: "12.50",
            price_breaks: "",
            specs: "",
            description: part.description,
            reorder_point: "0",
            lead_time_days: String(part.lead_time_days),
          },
          added,
        ],
        columns,
      ),
    );
    expect(summary).toMatchObject({ creates: 1, stockLeftCount: 1 });
    await applyAndRun(cookie, id);
    expect(
      (await db.selectFrom("items").select("quantity").where("id", "=", part.id).executeTakeFirstOrThrow()).quantity,
    ).toBe(5);
    expect(
      (
        await db
          .selectFrom("items")
          .select("quantity")
          .where("part_number", "=", added.part_number)
          .executeTakeFirstOrThrow()
      ).quantity,
    ).toBe(12);
  });
});

describe("the backorders column", () => {
  test("no makes a part stock-only, yes lets it take backorders, empty or absent keeps it; anything else is refused", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const stockOnly = await newItem({ allow_backorder: 0 });
    const taking = await newItem();
    const row = (part: typeof taking, backorders: string) => ({
      ...partRow(),
      part_number: part.part_number,
      name: part.name,
      price: (part.price_cents / 100).toFixed(2),
      price_breaks: "",
      specs: "",
      stock: String(part.quantity),
      description: part.description,
      image: part.img,
      supplier: part.supplier_name,
      reorder_point: "0",
      lead_time_days: String(part.lead_time_days),
      backorders,
    });
    const allowOf = async (partNumber: string) =>
      (
        await db
          .selectFrom("items")
          .select("allow_backorder")
          .where("part_number", "=", partNumber)
          .executeTakeFirstOrThrow()
      ).allow_backorder;

    const refused = await uploadAndCheck(cookie, catalogFile([row(taking, "maybe")]));
    expect(refused.summary.refusals).toEqual([
      expect.objectContaining({ line: 2, column: "backorders", reason: "Write yes or no, or leave it empty" }),
    ]);

    const added = { ...partRow(), backorders: "no" };
    const flipped = await uploadAndCheck(cookie, catalogFile([row(stockOnly, "yes"), row(taking, "no"), added]));
    expect(flipped.summary).toMatchObject({ creates: 1, changes: 2 });
    await applyAndRun(cookie, flipped.id);
    expect([
      await allowOf(stockOnly.part_number),
      await allowOf(taking.part_number),
      await allowOf(added.part_number),
    ]).toEqual([1, 0, 0]);

    // Empty cells, then a file without the column: nothing changes.
    const kept = await uploadAndCheck(cookie, catalogFile([row(stockOnly, ""), row(taking, "")]));
    expect(kept.summary).toMatchObject({ creates: 0, changes: 0 });
    const without = CATALOG_CSV_COLUMNS.filter((column) => column !== "backorders");
    const absent = await uploadAndCheck(cookie, catalogFile([row(stockOnly, ""), row(taking, "")], without));
    expect(absent.summary).toMatchObject({ creates: 0, changes: 0 });
    // A new part from a file without the column takes backorders.
    const fresh = partRow();
    const created = await uploadAndCheck(cookie, catalogFile([fresh], without));
    await applyAndRun(cookie, created.id);
    expect(await allowOf(fresh.part_number)).toBe(1);
  });
});

describe("pictures and documents in the file", () => {
  async function upload(itemId: number, cookie: string, fields: Record<string, string | File>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const outcome = await call(
      editProduct.action,
      multipartRequest(`/dashboard/manage-product/${itemId}`, form, { cookie }),
      { id: String(itemId) },
    );
    expect(outcome.status).toBe(302);
  }

  test("round-trip unchanged, and a file can share, reorder and drop stored files; an unknown one is refused", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const first = await newItem();
    const second = await newItem();
    await upload(first.id, cookie, {
      intent: "add-picture",
      image: new File([await samplePhoto({ width: 400, height: 300 })], "gear.jpg"),
      alt: "The gear, front",
    });
    await upload(first.id, cookie, { intent: "add-document", document: new File([samplePdf()], "datasheet.pdf") });
    const [picture] = (await pictureRefsOf([first.id])).get(first.id)!;
    const [document] = (await documentRefsOf([first.id])).get(first.id)!;

    const exported = (await exportedRows(cookie)).filter((row) =>
      [first.part_number, second.part_number].includes(row.part_number),
    );
    const firstRow = exported.find((row) => row.part_number === first.part_number)!;
    expect(firstRow.pictures).toBe(`${picture.hash} The gear, front`);
    expect(firstRow.documents).toBe(`${document.hash} datasheet.pdf`);
    const unchanged = await uploadAndCheck(cookie, catalogFile(exported));
    expect(unchanged.summary).toMatchObject({ changes: 0, unchanged: 2 });

    // The second part shows the first's picture; the first drops its datasheet.
    const edited = exported.map((row) =>
      row.part_number === second.part_number
        ? { ...row, pictures: `${picture.hash} The same gear on another part` }
        : { ...row, documents: "" },
    );
    const { id, summary } = await uploadAndCheck(cookie, catalogFile(edited));
    expect(summary).toMatchObject({ changes: 2, refusedRows: 0 });
    expect(summary.listed.flatMap((part) => part.changes.map((change) => change.field)).sort()).toEqual([
      "Documents",
      "Pictures",
    ]);
    const { after } = await applyAndRun(cookie, id);
    expect(after.status).toBe("applied");
    expect((await pictureRefsOf([second.id])).get(second.id)).toEqual([
      { hash: picture.hash, alt: "The same gear on another part", position: 0 },
    ]);
    expect((await documentRefsOf([first.id])).get(first.id)).toBeUndefined();
    // A file no part shows any more is gone from the database.
    expect(await db.selectFrom("media").select("id").where("hash", "=", document.hash).execute()).toEqual([]);

    const unknown = "0".repeat(64);
    const refused = await uploadAndCheck(
      cookie,
      catalogFile([{ ...edited[0], pictures: `${unknown} A picture nobody uploaded` }]),
    );
    expect(refused.summary.refusals).toEqual([
      {
        line: 2,
        partNumber: (edited[0] as Record<string, string>).part_number,
        column: "pictures",
        reason: `No picture ${unknown} is stored: upload it on a part's page, then name it here`,
      },
    ]);
  });
});

describe("a file of more rows than one batch", () => {
  test("is read, counted and applied whole", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const category = await newCategory();
    const token = uniqueToken();
    const count = IMPORT_BATCH_ROWS * 2 + 1;
    const rows = Array.from({ length: count }, (_, n) =>
      partRow({ part_number: `GW-MANY-${token}-${n}`, name: `Bulk Washer ${token} ${n}`, category: category.slug }),
    );
    const { id, summary } = await uploadAndCheck(cookie, catalogFile(rows));
    expect(summary).toMatchObject({ rows: count, creates: count, refusedRows: 0 });
    expect(summary.listed).toHaveLength(MAX_LISTED_CHANGES);
    const { after } = await applyAndRun(cookie, id);
    expect(after).toMatchObject({ status: "applied", rows_total: count });
    const made = await db
      .selectFrom("items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("category_id", "=", category.id)
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(count);
    const counted = await db
      .selectFrom("categories")
      .select("item_count")
      .where("id", "=", category.id)
      .executeTakeFirstOrThrow();
    expect(counted.item_count).toBe(count);
  });
});

describe("the upload", () => {
  test("is for staff: a customer is refused and nothing is stored", async () => {
    const { cookie } = await createSignedInUser();
    const before = await db.selectFrom("catalog_imports").select("id").execute();
    const outcome = await upload(cookie, catalogFile([partRow()]));
    expect(outcome.status).toBe(403);
    expect(await db.selectFrom("catalog_imports").select("id").execute()).toEqual(before);
  });

  test("a file that is not CSV text is refused by its bytes, whatever its name", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, ...new Array(60).fill(0)]);
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode("part_number,name\nGW-1,Stahlr"),
      0xf6,
      0x68,
      0x72,
      0x65,
      0x0a,
      0x0a,
      0x0a,
      0x0a,
    ]);
    for (const [content, message] of [
      [xlsx, /not CSV: save it from the spreadsheet as “CSV UTF-8”/],
      [latin1, /not UTF-8 text/],
      ["", /The file is empty/],
    ] as const) {
      const outcome = await upload(cookie, content, "catalog.csv");
      expect(outcome.status).toBe(400);
      expect(fieldErrors(outcome).file?.[0]).toMatch(message);
    }
    const none = await call(
      importRoute.action,
      multipartRequest("/dashboard/import", Object.assign(new FormData(), {}), { cookie }),
    );
    expect(none.status).toBe(400);
  });

  test("a file missing a column, or not CSV at all, is refused whole by the check", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const noSpecs = await uploadAndCheck(
      cookie,
      catalogFile(
        [partRow()],
        CATALOG_CSV_COLUMNS.filter((column) => column !== "specs"),
      ),
    );
    expect(noSpecs.checked.status).toBe("refused");
    expect(noSpecs.summary.refusals).toEqual([
      {
        line: 1,
        column: null,
        reason: "The file has no column specs: export the catalog for a file with every column.",
      },
    ]);
    const broken = await uploadAndCheck(cookie, `${CATALOG_CSV_COLUMNS.join(",")}\n"GW-1,unclosed`);
    expect(broken.checked.status).toBe("refused");
    expect(broken.summary.refusals[0]).toMatchObject({ line: 1, reason: expect.stringMatching(/^Not a CSV file/) });
  });
});

describe("the queue", () => {
  test("one import runs at a time: a second waits while the first runs", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const first = await upload(cookie, catalogFile([partRow()]));
    const second = await upload(cookie, catalogFile([partRow()]));
    const claimed = await claimNextImport("runner-a");
    expect(claimed).toMatchObject({ id: Number(first.location!.split("/").pop()), job: "check" });
    expect(await claimNextImport("runner-b")).toBeNull();
    const page = await call(importPage.loader, getRequest(second.location!, { cookie }), {
      id: second.location!.split("/").pop()!,
    });
    expect(page.data.ahead).toBe(1);
    // The first runner dies: its heartbeat stops, and the check is started again by another.
    await db
      .updateTable("catalog_imports")
      .set({ heartbeat_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", claimed!.id)
      .execute();
    expect(await claimNextImport("runner-b")).toMatchObject({ id: claimed!.id, job: "check" });
    await db
      .updateTable("catalog_imports")
      .set({ status: "discarded", runner: null })
      .where("status", "in", ["checking", "waiting"])
      .execute();
  });

  test("an apply whose process died is offered again, having written nothing", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { id } = await uploadAndCheck(cookie, catalogFile([partRow()]));
    await db
      .updateTable("catalog_imports")
      .set({ status: "applying", runner: "dead-runner", heartbeat_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", id)
      .execute();
    expect(await claimNextImport("runner-c")).toBeNull();
    const recovered = (await getCatalogImport(id))!;
    expect(recovered).toMatchObject({ status: "checked", error: INTERRUPTED_APPLY });
    const { after } = await applyAndRun(cookie, id);
    expect(after).toMatchObject({ status: "applied", error: null });
  });
});
