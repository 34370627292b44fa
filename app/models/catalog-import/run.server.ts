// Checking and applying a catalog import. Both read the stored file a slice at a time, each row
// under the product form's rules, and compare it with the part of the same number: a check tells
// what would happen and writes nothing to the catalog; an apply does it, all in one transaction,
// or nothing when any row is refused by then.
import { pipeline, Readable } from "node:stream";

import { CsvError, parse } from "csv-parse";

import { db, type Executor } from "~/db/db.server";
import type { MoneyFormat } from "~/lib/money";
import { partNumberKey } from "~/lib/part-number";
import { normalizeSpecs, type SpecTemplate } from "~/lib/spec-templates";
import { listCategories } from "~/models/catalog";
import { catalogFieldsFromForm, itemChangesFromForm } from "~/models/item-form.server";
import { priceBreaksOf } from "~/models/pricing.server";
import { allSpecTemplates } from "~/models/spec-templates.server";
import {
  CATALOG_CSV_PARSE_OPTIONS,
  catalogCsvReader,
  type ImportRefusal,
  type ImportRow,
  MAX_IMPORT_ROWS,
  recordStartLine,
  tooManyRowsRefusal,
  unreadableCsvRefusal,
} from "~/validation/catalog-import";

import { bumpCatalogVersions, type PartWrite, withSpecTriggersOff, writeParts } from "./bulk-write.server";
import { catalogImportFile, failApply, finishApply, finishCheck, recordCheckProgress, startApply } from "./jobs.server";
import {
  addRefusals,
  comparePart,
  type Comparison,
  creationChanges,
  type CurrentPart,
  emptySummary,
  type ImportSummary,
  MAX_LISTED_CHANGES,
  type WantedPart,
} from "./summary";

/** Rows compared (and written) per round: one read of their parts, specs and price breaks. */
export const IMPORT_BATCH_ROWS = 500;

export type ImportProgress = { rowsDone: number; bytesDone: number };

type Batch = { rows: ImportRow[]; refusals: ImportRefusal[]; refusedRows: number; bytesDone: number; rowsRead: number };

/** The stored file's rows, a batch at a time; the whole file refused (line 1) ends it at once. */
async function* fileBatches(importId: number, executor: Executor, money: MoneyFormat): AsyncGenerator<Batch> {
  let bytesDone = 0;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  async function* text() {
    for await (const bytes of catalogImportFile(importId, { executor })) {
      bytesDone += bytes.byteLength;
      yield decoder.decode(bytes, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
  const { to: _noCutOff, ...options } = CATALOG_CSV_PARSE_OPTIONS;
  const parser = parse(options);
  pipeline(Readable.from(text()), parser, () => {});
  const reader = catalogCsvReader(money);
  let batch: Batch = { rows: [], refusals: [], refusedRows: 0, bytesDone: 0, rowsRead: 0 };
  let rowsRead = 0;
  let header = true;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header) {
        header = false;
        const missing = reader.header(record);
        if (missing) return yield wholeFileRefused(missing, bytesDone);
        continue;
      }
      rowsRead += 1;
      if (rowsRead > MAX_IMPORT_ROWS) return yield wholeFileRefused(tooManyRowsRefusal(), bytesDone);
      const read = reader.row(record, recordStartLine(record, info.lines));
      if ("row" in read) batch.rows.push(read.row);
      else {
        batch.refusedRows += 1;
        batch.refusals.push(...read.refusals);
      }
      if (batch.rows.length + batch.refusedRows >= IMPORT_BATCH_ROWS) {
        yield { ...batch, bytesDone, rowsRead };
        batch = { rows: [], refusals: [], refusedRows: 0, bytesDone: 0, rowsRead: 0 };
      }
    }
  } catch (error) {
    if (error instanceof TypeError && /encoded data was not valid/i.test(error.message)) {
      return yield wholeFileRefused(
        { line: 1, column: null, reason: "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”." },
        bytesDone,
      );
    }
    if (error instanceof CsvError) return yield wholeFileRefused(unreadableCsvRefusal(error), bytesDone);
    throw error;
  }
  if (header) {
    return yield wholeFileRefused(
      { line: 1, column: null, reason: "The file is empty: export the catalog for a file with every column." },
      bytesDone,
    );
  }
  yield { ...batch, bytesDone, rowsRead };
}

function wholeFileRefused(refusal: ImportRefusal, bytesDone: number): Batch {
  return { rows: [], refusals: [refusal], refusedRows: 0, bytesDone, rowsRead: 0 };
}

/** What every batch's comparison needs: categories by slug and id, and each category's spec templates. */
async function importContext(executor: Executor) {
  const [categories, templates] = await Promise.all([listCategories({ executor }), allSpecTemplates({ executor })]);
  const idOfSlug = new Map(categories.map((category) => [category.slug, category.id]));
  const slugOfId = new Map(categories.map((category) => [category.id, category.slug]));
  return {
    idOfSlug,
    categorySlug: (id: number | null) => (id === null ? "" : (slugOfId.get(id) ?? String(id))),
    templatesOf: (categoryId: number | null): SpecTemplate[] =>
      categoryId === null ? [] : (templates.get(categoryId) ?? []),
  };
}
type ImportContext = Awaited<ReturnType<typeof importContext>>;

type PlannedRow =
  | { kind: "refused"; line: number; refusals: ImportRefusal[] }
  | { kind: "create"; line: number; partNumber: string; wanted: WantedPart }
  | {
      kind: "change" | "unchanged";
      line: number;
      partNumber: string;
      wanted: WantedPart;
      current: CurrentPart;
      comparison: Comparison;
    };

/** The parts these rows name, as the catalog holds them, by part-number key. */
async function currentParts(executor: Executor, rows: ImportRow[]) {
  const keys = [...new Set(rows.map((row) => partNumberKey(row.values.partNumber)))];
  const byKey = new Map<string, CurrentPart>();
  if (!keys.length) return byKey;
  const items = await executor
    .selectFrom("items")
    .select([
      "id",
      "version",
      "part_number",
      "part_number_key",
      "name",
      "img",
      "description",
      "price_cents",
      "supplier_name",
      "category_id",
      "min_order_quantity",
      "reorder_point",
      "lead_time_days",
      "hidden",
      "quantity",
    ])
    .where("part_number_key", "in", keys)
    .execute();
  if (!items.length) return byKey;
  const ids = items.map((item) => item.id);
  const [specs, breaks] = await Promise.all([
    executor
      .selectFrom("item_specs")
      .select(["item_id", "name", "value", "unit"])
      .where("item_id", "in", ids)
      .orderBy("item_id")
      .orderBy("position")
      .execute(),
    priceBreaksOf(ids, { executor }),
  ]);
  const specsOf = new Map<number, CurrentPart["specs"]>();
  for (const { item_id, ...spec } of specs) specsOf.set(item_id, [...(specsOf.get(item_id) ?? []), spec]);
  for (const { part_number_key, ...item } of items) {
    byKey.set(part_number_key, { ...item, specs: specsOf.get(item.id) ?? [], breaks: breaks.get(item.id) ?? [] });
  }
  return byKey;
}

/** Each row against the catalog: refused (with why), a new part, a change, or nothing to do. */
async function planBatch(executor: Executor, rows: ImportRow[], context: ImportContext): Promise<PlannedRow[]> {
  const parts = await currentParts(executor, rows);
  return rows.map((row): PlannedRow => {
    const refusals: ImportRefusal[] = [];
    const refuse = (column: ImportRefusal["column"], reason: string) =>
      refusals.push({ line: row.line, column, reason });
    let categoryId: number | null = null;
    if (row.categorySlug) {
      categoryId = context.idOfSlug.get(row.categorySlug) ?? null;
      if (categoryId === null)
        refuse(
          "category",
          `There is no category “${row.categorySlug}”: use a category’s slug, as the export writes it`,
        );
    }
    const specs = normalizeSpecs(row.values.specs, context.templatesOf(categoryId));
    if (!specs.ok) refuse("specs", specs.error);
    const fields = {
      ...itemChangesFromForm(row.values),
      ...catalogFieldsFromForm({ ...row.values, category: categoryId ?? undefined, hidden: row.hidden }),
      part_number: row.values.partNumber,
    } as WantedPart["fields"];
    const breaks = row.values.priceBreaks;
    if (breaks.length && breaks[0].priceCents >= fields.price_cents) {
      refuse("price_breaks", "Each price break must be below the price per unit");
    }
    if (refusals.length || !specs.ok) return { kind: "refused", line: row.line, refusals };
    const wanted: WantedPart = {
      fields,
      specs: specs.specs,
      breaks,
      quantity: row.values.quantity,
      version: row.version,
    };
    const current = parts.get(partNumberKey(row.values.partNumber));
    const base = { line: row.line, partNumber: row.values.partNumber, wanted };
    if (!current) return { kind: "create", ...base };
    const comparison = comparePart(wanted, current, context.categorySlug);
    const changed = comparison.changes.length > 0;
    return { kind: changed ? "change" : "unchanged", ...base, current, comparison };
  });
}

/** Counts a batch's rows into the summary, listing the first changes and stock figures left alone. */
function tally(summary: ImportSummary, batch: Batch, planned: PlannedRow[], context: ImportContext) {
  summary.rows += batch.rowsRead;
  summary.refusedRows += batch.refusedRows;
  addRefusals(summary, batch.refusals);
  for (const row of planned) {
    if (row.kind === "refused") {
      summary.refusedRows += 1;
      addRefusals(summary, row.refusals);
      continue;
    }
    if (row.kind === "create") {
      summary.creates += 1;
      if (summary.listed.length < MAX_LISTED_CHANGES) {
        summary.listed.push({
          line: row.line,
          partNumber: row.partNumber,
          kind: "create",
          changes: creationChanges(row.wanted, context.categorySlug),
        });
      }
      continue;
    }
    if (row.comparison.stockLeft) {
      summary.stockLeftCount += 1;
      if (summary.stockLeft.length < MAX_LISTED_CHANGES) {
        summary.stockLeft.push({
          line: row.line,
          partNumber: row.partNumber,
          file: row.wanted.quantity,
          current: row.current.quantity,
        });
      }
    }
    if (row.kind === "unchanged") {
      summary.unchanged += 1;
      continue;
    }
    summary.changes += 1;
    if (summary.listed.length < MAX_LISTED_CHANGES) {
      summary.listed.push({
        line: row.line,
        partNumber: row.partNumber,
        kind: "change",
        changes: row.comparison.changes,
      });
    }
  }
}

type RunOptions = {
  runner: string;
  money: MoneyFormat;
  onProgress?: (progress: ImportProgress) => void;
};

/** The dry run: what the file would do, with every refused row; the catalog is only read. */
export async function checkCatalogImport(importId: number, { runner, money, onProgress }: RunOptions) {
  const summary = emptySummary();
  const context = await importContext(db);
  for await (const batch of fileBatches(importId, db, money)) {
    tally(summary, batch, await planBatch(db, batch.rows, context), context);
    const progress = { rowsDone: summary.rows, bytesDone: batch.bytesDone };
    // Another process took the import over (this one was thought dead): it is that one's now.
    if (!(await recordCheckProgress(importId, runner, progress))) return;
    onProgress?.(progress);
  }
  await finishCheck(importId, runner, summary);
}

/** Thrown inside an apply to roll it back, with what it found. */
class ApplyRefused {
  constructor(readonly summary: ImportSummary) {}
}

/**
 * Applies the file in one transaction: rows compared again with the catalog as it is now, new parts
 * created, changed ones changed, stock moved by recorded movements. Any row refused by then (a
 * category deleted since the check, say) rolls all of it back; the import says why.
 */
export async function applyCatalogImport(
  importId: number,
  { runner, money, userId, onProgress }: RunOptions & { userId: number | null },
) {
  const summary = emptySummary();
  const stockReason = `Catalog import #${importId}`;
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await startApply(trx, importId, runner))) return;
      const context = await importContext(trx);
      await withSpecTriggersOff(trx, async () => {
        for await (const batch of fileBatches(importId, trx, money)) {
          const planned = await planBatch(trx, batch.rows, context);
          tally(summary, batch, planned, context);
          if (summary.refusedRows || summary.refusals.length) continue;
          await writeParts(trx, planned.flatMap(partWrite), { userId, stockReason });
          onProgress?.({ rowsDone: summary.rows, bytesDone: batch.bytesDone });
        }
      });
      if (summary.refusedRows || summary.refusals.length) throw new ApplyRefused(summary);
      if (summary.creates || summary.changes) await bumpCatalogVersions(trx);
      await finishApply(trx, importId, summary);
    });
  } catch (error) {
    if (!(error instanceof ApplyRefused)) throw error;
    await failApply(
      importId,
      runner,
      error.summary,
      "Nothing was written: the catalog refused rows when the file was applied (it changed since the check).",
    );
  }
}

function partWrite(row: PlannedRow): PartWrite[] {
  if (row.kind === "create") return [{ kind: "create", wanted: row.wanted }];
  if (row.kind !== "change") return [];
  const { fields, specsChanged, breaksChanged, stockChange } = row.comparison;
  return [
    { kind: "change", wanted: row.wanted, current: row.current, fields, specsChanged, breaksChanged, stockChange },
  ];
}
