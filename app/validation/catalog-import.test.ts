import { stringify } from "csv-stringify/sync";
import { describe, expect, test } from "vitest";

import { DEFAULT_MONEY_FORMAT } from "~/lib/money";

import { CATALOG_CSV_COLUMNS, CATALOG_CSV_STRINGIFY_OPTIONS, readCatalogCsv } from "./catalog-import";

/** A file as the export writes one: byte order mark, CRLF, formula cells escaped. */
function csv(rows: Record<string, string>[], columns: readonly string[] = CATALOG_CSV_COLUMNS) {
  return `\uFEFF${stringify([[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? ""))], CATALOG_CSV_STRINGIFY_OPTIONS)}`;
}

const part = (overrides: Record<string, string> = {}) => ({
  part_number: "GW-SG-M1-20",
  name: "Spur Gear M1, 20 teeth",
  category: "gears",
  price: "12.50",
  price_breaks: "10: 11.00\n50: 9.90",
  min_order_quantity: "1",
  stock: "40",
  reorder_point: "5",
  lead_time_days: "14",
  supplier: "Gearwright Works",
  hidden: "no",
  image: "/images/items/spur-gear.svg",
  description: "A hardened spur gear.\nSecond line.",
  specs: "Module: 1\nTeeth: 20\nBore: 8 mm",
  pictures: `${"a".repeat(64)} The gear, front`,
  documents: "",
  version: "7",
  ...overrides,
});

const read = (text: string) => readCatalogCsv(text, DEFAULT_MONEY_FORMAT);

describe("reading a catalog CSV", () => {
  test("an exported row reads back as the product form's values", () => {
    const { rows, refusals } = read(
      csv([part(), part({ part_number: "GW-X-2", name: "=1+2 not a formula", hidden: "yes", category: "" })]),
    );
    expect(refusals).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      line: 2,
      categorySlug: "gears",
      hidden: false,
      version: 7,
      pictures: [{ hash: "a".repeat(64), alt: "The gear, front" }],
      documents: [],
      values: expect.objectContaining({
        partNumber: "GW-SG-M1-20",
        name: "Spur Gear M1, 20 teeth",
        price: 12.5,
        quantity: 40,
        reorderPoint: 5,
        leadTimeDays: 14,
        minOrderQuantity: 1,
        supplierName: "Gearwright Works",
        img: "/images/items/spur-gear.svg",
        description: "A hardened spur gear.\nSecond line.",
        priceBreaks: [
          { minQuantity: 10, priceCents: 1100 },
          { minQuantity: 50, priceCents: 990 },
        ],
        specs: [
          { name: "Module", value: "1", unit: null },
          { name: "Teeth", value: "20", unit: null },
          { name: "Bore", value: "8", unit: "mm" },
        ],
      }),
    });
    // The second part is row 3, as a spreadsheet shows it, though its text starts on line 7: the
    // first one's quoted cells hold four line breaks.
    expect(rows[1]).toMatchObject({
      line: 3,
      categorySlug: null,
      hidden: true,
      values: { name: "=1+2 not a formula" },
    });
  });

  test("a row breaking a rule is refused with its spreadsheet row, part number, column and the form's own message", () => {
    const { rows, refusals, refusedRows } = read(
      csv([
        part({ part_number: "GW-A-1" }),
        part({ part_number: "GW-A-2", price: "twelve", stock: "-3" }),
        part({ part_number: "GW-A-3", hidden: "maybe" }),
        part({ part_number: "gw a 1" }),
        part({ part_number: "", name: "" }),
      ]),
    );
    expect(rows.map((row) => row.values.partNumber)).toEqual(["GW-A-1"]);
    expect(refusedRows).toBe(4);
    expect(refusals).toEqual([
      { line: 3, partNumber: "GW-A-2", column: "price", reason: "Enter a price like 12.40 or £1,234.50" },
      { line: 3, partNumber: "GW-A-2", column: "stock", reason: expect.stringMatching(/0/) },
      { line: 4, partNumber: "GW-A-3", column: "hidden", reason: "Write yes or no" },
      { line: 5, partNumber: "gw a 1", column: "part_number", reason: "This part number is on row 2 too" },
      { line: 6, partNumber: null, column: "name", reason: "Enter a product name" },
      {
        line: 6,
        partNumber: null,
        column: "part_number",
        reason: "Enter a part number: the import matches parts by it",
      },
    ]);
  });

  test("a file without every column, or not CSV at all, is refused whole on line 1", () => {
    const withoutSpecs = read(
      csv(
        [part()],
        CATALOG_CSV_COLUMNS.filter((column) => column !== "specs"),
      ),
    );
    expect(withoutSpecs).toEqual({
      rows: [],
      refusedRows: 0,
      refusals: [
        {
          line: 1,
          column: null,
          reason: "The file has no column specs: export the catalog for a file with every column.",
        },
      ],
    });
    const broken = read('part_number,name\n"GW-1,unclosed');
    expect(broken.rows).toEqual([]);
    expect(broken.refusals[0]).toMatchObject({
      line: 1,
      column: null,
      reason: expect.stringMatching(/^Not a CSV file/),
    });
  });

  test("the version is optional: a file made by hand has none, and a version that is not a number is refused", () => {
    const withoutVersion = read(
      csv(
        [part()],
        CATALOG_CSV_COLUMNS.filter((column) => column !== "version"),
      ),
    );
    expect(withoutVersion.refusals).toEqual([]);
    expect(withoutVersion.rows[0].version).toBeNull();
    const badVersion = read(csv([part({ version: "seven" })]));
    expect(badVersion.rows).toEqual([]);
    expect(badVersion.refusals).toEqual([
      {
        line: 2,
        partNumber: "GW-SG-M1-20",
        column: "version",
        reason: expect.stringMatching(/^Leave the version as the export wrote it/),
      },
    ]);
  });

  test("stock is read to what the catalog holds, not the product form's opening bound, so an export imports again", () => {
    const { rows, refusals } = read(
      csv([
        part({ part_number: "GW-BIG-1", stock: "5000000" }),
        part({ part_number: "GW-BIG-2", stock: "3000000000" }),
      ]),
    );
    expect(rows.map((row) => [row.values.partNumber, row.values.quantity])).toEqual([["GW-BIG-1", 5_000_000]]);
    expect(refusals).toEqual([
      { line: 3, partNumber: "GW-BIG-2", column: "stock", reason: "Stock must be at most 2000000000" },
    ]);
  });

  test("pictures and documents are stored files' hashes with their alt text or name; without the columns they stay", () => {
    const refused = read(
      csv([
        part({ part_number: "GW-F-1", pictures: "a".repeat(64) }),
        part({ part_number: "GW-F-2", documents: "not-a-hash datasheet.pdf" }),
      ]),
    );
    expect(refused.refusals).toEqual([
      { line: 2, partNumber: "GW-F-1", column: "pictures", reason: "Line 1: write its alt text after the sha256" },
      {
        line: 3,
        partNumber: "GW-F-2",
        column: "documents",
        reason: "Line 1: write a file's sha256 (64 hex digits), then its file name",
      },
    ]);
    const withoutFiles = read(
      csv(
        [part()],
        CATALOG_CSV_COLUMNS.filter((column) => column !== "pictures" && column !== "documents"),
      ),
    );
    expect(withoutFiles.rows[0]).not.toHaveProperty("pictures");
    expect(withoutFiles.rows[0]).not.toHaveProperty("documents");
  });
});
