import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import type { z } from "zod";

import { ItemBodySchema, ItemChangesSchema, OrderBodySchema } from "~/api/schemas.server";
import { DEFAULT_MONEY_FORMAT, typedPriceExample, typedPriceText } from "~/lib/money";
import { CartActionSchema, parseQuickOrderText } from "~/validation/cart";
import { orderSchema } from "~/validation/order";
import { productSchemas, StockAdjustmentSchema } from "~/validation/product";

// What people type into number and price fields, read by the very schemas the actions parse with
// (through conform, as formAction does) and the API's.

const product = productSchemas(DEFAULT_MONEY_FORMAT);
const productFields = {
  name: "Spur Gear",
  img: "/images/items/spur-gear.svg",
  description: "A gear.",
  price: "12.50",
  quantity: "4",
  supplierName: "Gearwright Works",
};
const shipping = { address: "1 Mill Road", phone: "+44 114 496 0000", checkoutToken: "a".repeat(20) };

/** A form's quantity-like field: the schema, the other fields it needs, and the field's name. */
const forms: [string, z.ZodTypeAny, Record<string, string>, string][] = [
  ["cart add", CartActionSchema, { intent: "add", itemId: "1" }, "quantity"],
  ["cart update", CartActionSchema, { intent: "update", itemId: "1" }, "quantity"],
  ["order form", orderSchema(100_000), shipping, "quantity"],
  ["add product: stock", product.form, productFields, "quantity"],
  ["add product: minimum order", product.form, productFields, "minOrderQuantity"],
  ["add product: lead time", product.form, productFields, "leadTimeDays"],
  ["stock adjustment", StockAdjustmentSchema, { intent: "adjust-stock", reason: "Goods in" }, "change"],
];

function parseForm(schema: z.ZodTypeAny, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success"
    ? { status: submission.status, value: submission.value as Record<string, unknown>, error: undefined }
    : { status: submission.status, value: undefined, error: submission.error ?? undefined };
}

describe("quantities are decimal digits only, in every form", () => {
  test.each(forms)("%s reads 16 and ' 16 ' as 16", (_label, schema, fields, name) => {
    for (const typed of ["16", " 16 "]) {
      const submission = parseForm(schema, { ...fields, [name]: typed });
      expect(submission.status, typed).toBe("success");
      expect(submission.value?.[name]).toBe(16);
    }
  });

  test.each(forms)("%s refuses 0x10, 1e3, 0b11, 1.0, ١٦ and 16.5 with a message", (_label, schema, fields, name) => {
    for (const typed of ["0x10", "1e3", "0b11", "1.0", "١٦", "16.5", "Infinity"]) {
      const submission = parseForm(schema, { ...fields, [name]: typed });
      expect(submission.status, typed).toBe("error");
      expect(submission.error?.[name]?.length, typed).toBe(1);
    }
  });

  test("an adjustment may carry a sign; stock and orders may not go below their minimum", () => {
    expect(parseForm(StockAdjustmentSchema, { intent: "adjust-stock", reason: "x", change: "-3" }).status).toBe(
      "success",
    );
    expect(parseForm(StockAdjustmentSchema, { intent: "adjust-stock", reason: "x", change: "+20" }).status).toBe(
      "success",
    );
    expect(parseForm(CartActionSchema, { intent: "update", itemId: "1", quantity: "-1" }).error?.quantity).toEqual([
      "Order at least 1",
    ]);
  });
});

describe("quantities are decimal digits only, in the API", () => {
  test.each([
    ["POST /api/item", ItemBodySchema, { ...productFields }, "quantity"],
    ["PUT /api/item/:id", ItemChangesSchema, { version: "1" }, "quantity"],
    ["POST /api/order", OrderBodySchema, { itemId: 1, ...shipping }, "quantity"],
  ] as const)('%s takes 16 and "16" and refuses "0x10" and "1e3"', (_label, schema, body, name) => {
    expect((schema.safeParse({ ...body, [name]: 16 }).data as Record<string, unknown>)?.[name]).toBe(16);
    expect((schema.safeParse({ ...body, [name]: "16" }).data as Record<string, unknown>)?.[name]).toBe(16);
    for (const typed of ["0x10", "1e3", "16.0", 16.5]) {
      expect(schema.safeParse({ ...body, [name]: typed }).success, String(typed)).toBe(false);
    }
  });
});

describe("prices as people type them", () => {
  // Loops, not test.each: its titles read "$12" as a reference to an argument.
  const readable = [
    ["12.40", "en-GB", "GBP", "12.40"],
    ["£12.40", "en-GB", "GBP", "12.40"],
    ["  £ 1,234.50 ", "en-GB", "GBP", "1234.50"],
    ["12.40 GBP", "en-GB", "GBP", "12.40"],
    ["US$12", "en-GB", "USD", "12"],
    ["$12", "en-GB", "USD", "12"],
    ["$1,000", "en-US", "USD", "1000"],
    ["12.40 €", "de-DE", "EUR", "12.40"],
    ["CHF 1'234.50", "de-CH", "CHF", "1234.50"],
  ];
  for (const [typed, locale, currency, plain] of readable) {
    test(`${JSON.stringify(typed)} in ${locale} with ${currency} reads as ${plain}`, () => {
      expect(typedPriceText(typed, { locale, currency })).toBe(plain);
    });
  }

  const unreadable = [
    ["$12.40", "en-GB", "GBP"],
    ["£12.40", "en-US", "USD"],
    ["1,23", "en-GB", "GBP"],
    ["12.345", "en-GB", "GBP"],
    // Where a comma is the decimal separator, "1,234" could be either: no thousands separators there.
    ["1,234", "de-DE", "EUR"],
    ["1.234", "de-DE", "EUR"],
    ["12,40 €", "de-DE", "EUR"],
    ["1e3", "en-GB", "GBP"],
    ["-5", "en-GB", "GBP"],
  ];
  for (const [typed, locale, currency] of unreadable) {
    test(`${JSON.stringify(typed)} in ${locale} with ${currency} is not a price`, () => {
      expect(typedPriceText(typed, { locale, currency })).toBeNull();
    });
  }

  test("the message shows the store's own sign, where the locale writes it", () => {
    expect(typedPriceExample({ locale: "en-GB", currency: "GBP" })).toBe("12.40 or £1,234.50");
    expect(typedPriceExample({ locale: "de-DE", currency: "EUR" })).toBe("12.40 or 1234.50 €");
    expect(typedPriceExample({ locale: "en-US", currency: "USD" })).toBe("12.40 or $1,234.50");
  });
});

describe("quick order lines", () => {
  const lines = (text: string) =>
    parseQuickOrderText(text).map((line) =>
      "error" in line ? [line.line, line.error] : [line.line, line.partNumber, line.quantity],
    );

  test("the first part's line is line 1, with or without a header row; blank lines are not counted", () => {
    const body = ["GW-SG-M1-20 4", "", "GW-NO-PART many", "GW-BB-608-2RS, 2"];
    const expected = [
      [1, "GW-SG-M1-20", 4],
      [2, '"many" is not a quantity (a whole number from 1)'],
      [3, "GW-BB-608-2RS", 2],
    ];
    expect(lines(body.join("\n"))).toEqual(expected);
    expect(lines(["Part number,Quantity", ...body].join("\r\n"))).toEqual(expected);
    expect(lines(["SKU;Qty", ...body].join("\n"))).toEqual(expected);
  });

  test.each([
    ["GW-BB-608-2RS x 20", "GW-BB-608-2RS", 20],
    ["GW-BB-608-2RS X 20", "GW-BB-608-2RS", 20],
    ["GW-BB-608-2RS x20", "GW-BB-608-2RS", 20],
    ["GW-BB-608-2RS × 20", "GW-BB-608-2RS", 20],
    ["GW-BB-608-2RS×20", "GW-BB-608-2RS", 20],
    ["20 x GW-BB-608-2RS", "GW-BB-608-2RS", 20],
    ["20x GW-BB-608-2RS", "GW-BB-608-2RS", 20],
    ["20 × GW-BB-608-2RS", "GW-BB-608-2RS", 20],
    ["GW SG 20 x 5", "GW SG 20", 5],
    ['"GW-BB-608-2RS",20', "GW-BB-608-2RS", 20],
  ])("%j is %s, %i", (text, partNumber, quantity) => {
    expect(lines(text)).toEqual([[1, partNumber, quantity]]);
  });

  test.each([
    // Without an x, the quantity is the last thing on the line.
    ["20 GW-BB-608-2RS", '"GW-BB-608-2RS" is not a quantity (a whole number from 1)'],
    // An x against the part number may belong to it.
    ["GW-BB-608-2RSx20", "Give a part number and a quantity"],
    ["GW-BB-608-2RS x 0x10", '"0x10" is not a quantity (a whole number from 1)'],
    ["GW-BB-608-2RS 1e3", '"1e3" is not a quantity (a whole number from 1)'],
    ["GW-BB-608-2RS 20000", "You can order at most 10000 at a time"],
  ])("%j is refused: %s", (text, error) => {
    expect(lines(text)).toEqual([[1, error]]);
  });
});
