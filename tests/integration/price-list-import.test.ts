import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import {
  addPriceListRule,
  applyPriceListImport,
  assignPriceList,
  createPriceList,
  getPriceList,
} from "~/models/price-lists";
import { priceLines } from "~/models/pricing.server";
import * as priceListPage from "~/routes/dashboard.price-lists_.$id";
import * as rulesFile from "~/routes/dashboard.price-lists_.$id.rules[.]csv";

import { newCategory, newItem } from "../support/builders";
import { call, fieldErrors, formErrors, getRequest, multipartRequest, postRequest } from "../support/http";
import { createSignedInUser } from "../support/users";

// A price list's rules as a CSV file (issue 50): the download reads back unchanged, a file is
// checked (every problem by its spreadsheet row, nothing written) before Apply replaces the list's
// rules in one transaction, and an Apply after the list changed is refused.

const HEADER = "part_number,category,percent_off,unit_price,breaks";

async function setUp() {
  const admin = await createSignedInUser({ role: "admin" });
  const [bolt, nut, washer] = await Promise.all([
    newItem({ price_cents: 2000, quantity: 100 }),
    newItem({ price_cents: 3000, quantity: 100 }),
    newItem({ price_cents: 4000, quantity: 100 }),
  ]);
  const category = await newCategory();
  const listId = await createPriceList({
    name: "Acme 2027",
    validFrom: null,
    validUntil: null,
    fixedEvenIfHigher: false,
  });
  await addPriceListRule(listId, {
    kind: "part",
    partNumber: bolt.part_number,
    unitPriceCents: 1800,
    breaks: [
      { minQuantity: 20, priceCents: 1700 },
      { minQuantity: 50, priceCents: 1650 },
    ],
  });
  await addPriceListRule(listId, { kind: "category", categorySlug: category.slug, percentOffBp: 1250 });
  await addPriceListRule(listId, { kind: "all", percentOffBp: 500 });
  const buyer = await createSignedInUser();
  await assignPriceList(listId, { email: buyer.user.email }, 0);
  const id = String(listId);
  const upload = (text: string, name = "rules.csv") => {
    const form = new FormData();
    form.append("intent", "check-import");
    form.append("file", new File([text], name, { type: "text/csv" }));
    return call(
      priceListPage.action,
      multipartRequest(`/dashboard/price-lists/${id}`, form, { cookie: admin.cookie }),
      {
        id,
      },
    );
  };
  const post = (fields: Record<string, string>) =>
    call(priceListPage.action, postRequest(`/dashboard/price-lists/${id}`, fields, { cookie: admin.cookie }), { id });
  const page = (importId?: string) =>
    call(
      priceListPage.loader,
      getRequest(`/dashboard/price-lists/${id}${importId ? `?import=${importId}` : ""}`, { cookie: admin.cookie }),
      { id },
    );
  const download = async () => {
    const outcome = await call(
      rulesFile.loader,
      getRequest(`/dashboard/price-lists/${id}/rules.csv`, { cookie: admin.cookie }),
      {
        id,
      },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    return String(outcome.data);
  };
  const importIdOf = (location: string | null) => new URL(location!, "http://x").searchParams.get("import")!;
  return { admin, bolt, nut, washer, category, listId, buyer, upload, post, page, download, importIdOf };
}

async function unitPrices(buyerId: number, itemIds: number[], quantity = 1) {
  const { bill } = await priceLines(
    itemIds.map((itemId) => ({ itemId, quantity })),
    { buyerId },
  );
  return bill.lines.map((line) => line.unitPriceCents);
}

describe("a price list's rules as a file", () => {
  test("the download reads back unchanged: checked, it changes nothing", async () => {
    const shop = await setUp();
    const text = await shop.download();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(`${HEADER},part_name,list_price`);
    expect(lines).toContain(`${shop.bolt.part_number},,,18.00,"20:17.00, 50:16.50",${shop.bolt.name},20.00`);
    expect(lines).toContain(`,${shop.category.slug},12.5,,,,`);
    expect(lines).toContain(",,5,,,,");

    const checked = await shop.upload(text);
    expect(checked.status).toBe(302);
    const preview = await shop.page(shop.importIdOf(checked.location));
    expect(preview.data.pendingImport.summary).toMatchObject({
      rules: 3,
      added: 0,
      changed: 0,
      removed: 0,
      unchanged: 3,
    });
  });

  test("a checked file shows what it changes, and Apply replaces the rules at once", async () => {
    const shop = await setUp();
    const before = await unitPrices(shop.buyer.user.id, [shop.bolt.id, shop.nut.id, shop.washer.id]);
    expect(before).toEqual([1800, 2850, 3800]);

    const file = [
      HEADER,
      `${shop.bolt.part_number},,,17.50,`,
      `${shop.nut.part_number},,,25.00,"10:24.00"`,
      ",,10,,",
    ].join("\n");
    const checked = await shop.upload(file);
    expect(checked.status).toBe(302);
    const importId = shop.importIdOf(checked.location);
    // Checking changed nothing.
    expect(await unitPrices(shop.buyer.user.id, [shop.bolt.id, shop.nut.id, shop.washer.id])).toEqual(before);

    const { summary } = (await shop.page(importId)).data.pendingImport;
    expect(summary).toMatchObject({ rules: 3, added: 1, changed: 2, removed: 1, unchanged: 0 });
    expect(summary.sample).toContainEqual({
      label: shop.bolt.part_number,
      before: {
        unitPriceCents: 1800,
        percentOffBp: null,
        breaks: [
          { minQuantity: 20, priceCents: 1700 },
          { minQuantity: 50, priceCents: 1650 },
        ],
      },
      after: { unitPriceCents: 1750, percentOffBp: null, breaks: [] },
    });
    expect(summary.sample).toContainEqual({
      label: `Category: ${shop.category.name}`,
      before: { unitPriceCents: null, percentOffBp: 1250, breaks: [] },
      after: null,
    });

    const applied = await shop.post({ intent: "apply-import", importId });
    expect(applied.status).toBe(302);
    expect(await unitPrices(shop.buyer.user.id, [shop.bolt.id, shop.nut.id, shop.washer.id])).toEqual([
      1750, 2500, 3600,
    ]);
    expect(await unitPrices(shop.buyer.user.id, [shop.nut.id], 10)).toEqual([2400]);
    expect((await getPriceList(shop.listId))!.ruleCount).toBe(3);

    // Applied once: again is refused, and the page no longer offers it.
    expect((await shop.post({ intent: "apply-import", importId })).status).toBe(404);
    expect((await shop.page(importId)).data.pendingImport).toBeUndefined();
  });

  test("every problem is named by its spreadsheet row, and nothing is kept or changed", async () => {
    const shop = await setUp();
    const rulesBefore = (await getPriceList(shop.listId))!.rules;
    const importsBefore = await db.selectFrom("price_list_imports").select("id").execute();
    const file = [
      HEADER,
      `${shop.bolt.part_number},,,17.50,`,
      ",,150,,",
      `${shop.nut.part_number},,,0.00,`,
      "NO-SUCH-PART,,,12.00,",
      `${shop.bolt.part_number},,,16.00,`,
      `,no-such-category,10,,`,
      `${shop.washer.part_number},,,30.00,"10:31.00"`,
      `${shop.washer.part_number.toLowerCase()}x,,10,12.00,`,
    ].join("\r\n");
    const refused = await shop.upload(file);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).file).toEqual([
      "Nothing was imported: 7 rows of the file need a change, listed below.",
    ]);
    const problems = refused.data.rowProblems.problems as { row: number; message: string }[];
    expect(problems.map((problem) => problem.row)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(problems).toContainEqual({ row: 3, message: "Enter a percentage off between 0.01 and 100" });
    expect(problems).toContainEqual({
      row: 4,
      message: "Enter a unit price like 19.00, more than 0 and at most 1000000",
    });
    expect(problems).toContainEqual({ row: 6, message: "Row 2 already has a rule for this" });
    expect(problems).toContainEqual({ row: 5, message: "No part has the part number NO-SUCH-PART" });
    expect(problems).toContainEqual({ row: 7, message: "No category is called no-such-category" });
    expect(problems).toContainEqual({ row: 8, message: "A break must cost less per unit than the part's net price" });
    expect(problems).toContainEqual({ row: 9, message: "A rule is a part's price or a percentage off, not both" });

    expect((await getPriceList(shop.listId))!.rules).toEqual(rulesBefore);
    expect(await db.selectFrom("price_list_imports").select("id").execute()).toEqual(importsBefore);
  });

  test("a file that is not a rules CSV is refused by its bytes and its header", async () => {
    const shop = await setUp();
    const spreadsheet = await shop.upload("PK\u0003\u0004 a zipped workbook", "rules.csv");
    expect(spreadsheet.status).toBe(400);
    expect(fieldErrors(spreadsheet).file?.[0]).toMatch(/spreadsheet’s own file/);
    const noColumns = await shop.upload("part,price\nX,1.00\n");
    expect(noColumns.status).toBe(400);
    expect(noColumns.data.rowProblems.problems[0]).toEqual({
      row: 1,
      message:
        "The file has no part_number, category, percent_off, unit_price, breaks column: download the rules for a file with every column",
    });
    const empty = await shop.upload("");
    expect(empty.status).toBe(400);
  });

  test("an Apply after the list's rules changed is refused, and a set-aside file cannot be applied", async () => {
    const shop = await setUp();
    const checked = await shop.upload(`${HEADER}\n,,20,,\n`);
    const importId = shop.importIdOf(checked.location);
    await addPriceListRule(shop.listId, {
      kind: "part",
      partNumber: shop.washer.part_number,
      unitPriceCents: 100,
      breaks: [],
    });
    const stale = await shop.post({ intent: "apply-import", importId });
    expect(stale.status).toBe(409);
    expect(formErrors(stale)).toEqual([
      "The list's rules or the catalog changed since this file was checked: check the file again.",
    ]);
    expect((await getPriceList(shop.listId))!.ruleCount).toBe(4);

    const again = await shop.upload(`${HEADER}\n,,20,,\n`);
    const againId = shop.importIdOf(again.location);
    expect((await shop.post({ intent: "discard-import", importId: againId })).status).toBe(302);
    expect((await shop.post({ intent: "apply-import", importId: againId })).status).toBe(404);
    expect((await getPriceList(shop.listId))!.ruleCount).toBe(4);
  });

  test("an Apply waits for a checkout that is pricing, so the order reads every price before it or every price after", async () => {
    const shop = await setUp();
    const checked = await shop.upload(`${HEADER}\n${shop.bolt.part_number},,,11.00,"20:10.00"\n`);
    const importId = Number(shop.importIdOf(checked.location));
    let applied: Promise<unknown> | undefined;
    let settled = false;
    await db.transaction().execute(async (checkout) => {
      const first = await priceLines([{ itemId: shop.bolt.id, quantity: 20 }], {
        executor: checkout,
        buyerId: shop.buyer.user.id,
      });
      applied = applyPriceListImport(shop.listId, importId).finally(() => (settled = true));
      if (process.env.TEST_DATABASE === "postgres") {
        // The Apply is waiting for the lock this transaction's pricing holds.
        for (let tries = 0; tries < 200; tries += 1) {
          const waiting = await sql<{
            n: number;
          }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(db);
          if (waiting.rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } else await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await priceLines([{ itemId: shop.bolt.id, quantity: 20 }], {
        executor: checkout,
        buyerId: shop.buyer.user.id,
      });
      expect(first.bill.lines[0].unitPriceCents).toBe(1700);
      expect(again.bill.lines[0].unitPriceCents).toBe(1700);
      expect(settled).toBe(false);
    });
    expect(await applied).toEqual({ ok: true, rules: 1 });
    expect(await unitPrices(shop.buyer.user.id, [shop.bolt.id], 20)).toEqual([1000]);
  });
});
