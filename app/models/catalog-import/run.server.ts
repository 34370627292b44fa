// Checking and applying a catalog import. The check reads the stored file a batch at a time, each
// row under the product form's rules and its category's spec templates, compares it with the part
// of the same number, and keeps what each row asks for; it writes nothing to the catalog. The apply
// compares those rows again with the catalog as it is then and writes them all in one transaction,
// or nothing when any is refused by then.
import type { Transaction } from "kysely";

import { db, type Executor } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { MoneyFormat } from "~/lib/money";
import { partNumberKey } from "~/lib/part-number";
import { normalizeSpecs, type SpecTemplate } from "~/lib/spec-templates";
import { listCategories } from "~/models/catalog";
import { catalogFieldsFromForm, itemChangesFromForm } from "~/models/item";
import { documentRefsOf, pictureRefsOf } from "~/models/media";
import { priceBreaksOf } from "~/models/pricing.server";
import { allSpecTemplates } from "~/models/spec-templates.server";
import type { ImportRefusal, ImportRow } from "~/validation/catalog-import";

import { type PartWrite, writeParts, WriteRefused } from "./bulk-write.server";
import { getCatalogImport } from "./jobs.server";
import { fileBatches, IMPORT_BATCH_ROWS } from "./read-file.server";
import { failApply, finishApply, finishCheck, recordCheckedBatch, stagedRows, startApply } from "./runner-jobs.server";
import { SpecCountTally } from "./spec-counts.server";
import {
  addRefusals,
  comparePart,
  type Comparison,
  creationChanges,
  type CurrentPart,
  emptySummary,
  type ImportSummary,
  MAX_LISTED_CHANGES,
  readSummary,
  type WantedPart,
} from "./summary";
import {
  BUILD_INDEXES_AFTER_CREATES,
  bumpCatalogVersions,
  withIndexesBuiltAfter,
  withSpecTriggersOff,
} from "./write-phases.server";

export type ImportProgress = { rowsDone: number; bytesDone: number };

/** What every batch's comparison needs: categories by slug and id, and each category's spec templates. */
async function importContext(executor: Executor) {
  const [categories, templates] = await Promise.all([listCategories({ executor }), allSpecTemplates({ executor })]);
  const idOfSlug = new Map(categories.map((category) => [category.slug, category.id]));
  const slugOfId = new Map(categories.map((category) => [category.id, category.slug]));
  return {
    idOfSlug,
    categoryExists: (id: number | null) => id === null || slugOfId.has(id),
    categorySlug: (id: number | null) => (id === null ? "" : (slugOfId.get(id) ?? String(id))),
    templatesOf: (categoryId: number | null): SpecTemplate[] =>
      categoryId === null ? [] : (templates.get(categoryId) ?? []),
  };
}
type ImportContext = Awaited<ReturnType<typeof importContext>>;

/** A row of the file as a part: what it asks for, or why it cannot be one. */
type WantedRow =
  | { line: number; refusals: ImportRefusal[] }
  | { line: number; partNumber: string; wanted: WantedPart; refusals?: undefined };

/** A file's row as the part it asks for: its category found by slug, specs read through its templates. */
function wantedFromFile(row: ImportRow, context: ImportContext): WantedRow {
  const refusals: ImportRefusal[] = [];
  const refuse = (column: ImportRefusal["column"], reason: string) =>
    refusals.push({ line: row.line, column, reason, partNumber: row.values.partNumber });
  let categoryId: number | null = null;
  if (row.categorySlug) {
    categoryId = context.idOfSlug.get(row.categorySlug) ?? null;
    if (categoryId === null) {
      refuse("category", `There is no category “${row.categorySlug}”: use a category’s slug, as the export writes it`);
    }
  }
  const specs = normalizeSpecs(row.values.specs, context.templatesOf(categoryId));
  if (!specs.ok) refuse("specs", specs.error);
  const fields = {
    ...itemChangesFromForm(row.values),
    ...catalogFieldsFromForm({ ...row.values, category: categoryId ?? undefined, hidden: row.hidden }),
    part_number: row.values.partNumber,
    allow_backorder: row.allowBackorder === undefined ? undefined : row.allowBackorder ? 1 : 0,
  } as WantedPart["fields"];
  const breaks = row.values.priceBreaks;
  if (breaks.length && breaks[0].priceCents >= fields.price_cents) {
    refuse("price_breaks", "Each price break must be below the price per unit");
  }
  if (refusals.length || !specs.ok) return { line: row.line, refusals };
  return {
    line: row.line,
    partNumber: row.values.partNumber,
    wanted: {
      fields,
      specs: specs.specs,
      breaks,
      quantity: row.values.quantity,
      version: row.version,
      pictures: row.pictures,
      documents: row.documents,
    },
  };
}

/**
 * A checked row again, at apply time: its category may have been deleted, or its templates changed,
 * since the check.
 */
function wantedAgain(staged: { line: number; wanted: string }, context: ImportContext): WantedRow {
  const { partNumber, wanted } = JSON.parse(staged.wanted) as { partNumber: string; wanted: WantedPart };
  const categoryId = wanted.fields.category_id;
  if (!context.categoryExists(categoryId)) {
    return {
      line: staged.line,
      refusals: [
        {
          line: staged.line,
          column: "category",
          reason: "Its category was deleted after the file was checked",
          partNumber,
        },
      ],
    };
  }
  const specs = normalizeSpecs(wanted.specs, context.templatesOf(categoryId));
  if (!specs.ok) {
    return { line: staged.line, refusals: [{ line: staged.line, column: "specs", reason: specs.error, partNumber }] };
  }
  return { line: staged.line, partNumber, wanted: { ...wanted, specs: specs.specs } };
}

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

/** The parts these part numbers name, as the catalog holds them, by part-number key. */
async function currentParts(executor: Executor, partNumbers: string[]) {
  const keys = [...new Set(partNumbers.map(partNumberKey))];
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
      "allow_backorder",
      "quantity",
    ])
    .where("part_number_key", "in", keys)
    .execute();
  if (!items.length) return byKey;
  const ids = items.map((item) => item.id);
  const [specs, breaks, pictures, documents] = await Promise.all([
    executor
      .selectFrom("item_specs")
      .select(["item_id", "name", "value", "unit"])
      .where("item_id", "in", ids)
      .orderBy("item_id")
      .orderBy("position")
      .execute(),
    priceBreaksOf(ids, { executor }),
    pictureRefsOf(ids, { executor }),
    documentRefsOf(ids, { executor }),
  ]);
  const specsOf = new Map<number, CurrentPart["specs"]>();
  for (const spec of specs) {
    const list = specsOf.get(spec.item_id);
    const row = { name: spec.name, value: spec.value, unit: spec.unit };
    if (list) list.push(row);
    else specsOf.set(spec.item_id, [row]);
  }
  for (const { part_number_key, ...item } of items) {
    byKey.set(part_number_key, {
      ...item,
      specs: specsOf.get(item.id) ?? [],
      breaks: breaks.get(item.id) ?? [],
      pictures: (pictures.get(item.id) ?? []).map(({ hash, alt }) => ({ hash, alt })),
      documents: (documents.get(item.id) ?? []).map(({ hash, fileName }) => ({ hash, fileName })),
    });
  }
  return byKey;
}

/**
 * The stored files rows name that are not stored files of the kind they are named as: a file names
 * files uploaded on parts' pages, and cannot bring new ones.
 */
async function missingFiles(executor: Executor, rows: WantedRow[]) {
  const named = rows.flatMap((row) =>
    row.refusals
      ? []
      : [
          ...(row.wanted.pictures ?? []).map((file) => ({ hash: file.hash, kind: "picture" })),
          ...(row.wanted.documents ?? []).map((file) => ({ hash: file.hash, kind: "document" })),
        ],
  );
  if (!named.length) return new Set<string>();
  const stored = await executor
    .selectFrom("media")
    .select(["hash", "kind"])
    .where("hash", "in", [...new Set(named.map((file) => file.hash))])
    .execute();
  const known = new Set(stored.map((file) => `${file.kind}:${file.hash}`));
  return new Set(
    named.filter((file) => !known.has(`${file.kind}:${file.hash}`)).map((file) => `${file.kind}:${file.hash}`),
  );
}

function refusedForFiles(row: Extract<WantedRow, { refusals?: undefined }>, missing: Set<string>): ImportRefusal[] {
  const refusals: ImportRefusal[] = [];
  for (const [kind, column, files] of [
    ["picture", "pictures", row.wanted.pictures ?? []],
    ["document", "documents", row.wanted.documents ?? []],
  ] as const) {
    const unknown = files.find((file) => missing.has(`${kind}:${file.hash}`));
    if (unknown) {
      refusals.push({
        line: row.line,
        column,
        reason: `No ${kind} ${unknown.hash} is stored: upload it on a part's page, then name it here`,
        partNumber: row.partNumber,
      });
    }
  }
  return refusals;
}

/** Each wanted part against the catalog: refused, a new part, a change, or nothing to do. */
async function compareWithCatalog(executor: Executor, rows: WantedRow[], context: ImportContext) {
  const [parts, missing] = await Promise.all([
    currentParts(
      executor,
      rows.flatMap((row) => (row.refusals ? [] : [row.partNumber])),
    ),
    missingFiles(executor, rows),
  ]);
  return rows.map((row): PlannedRow => {
    if (row.refusals) return { kind: "refused", line: row.line, refusals: row.refusals };
    const fileRefusals = refusedForFiles(row, missing);
    if (fileRefusals.length) return { kind: "refused", line: row.line, refusals: fileRefusals };
    const current = parts.get(partNumberKey(row.partNumber));
    const base = { line: row.line, partNumber: row.partNumber, wanted: row.wanted };
    if (!current) return { kind: "create", ...base };
    const comparison = comparePart(row.wanted, current, context.categorySlug);
    return { kind: comparison.changes.length ? "change" : "unchanged", ...base, current, comparison };
  });
}

/**
 * What the check saw of the part a row touches, to tell at apply time whether the preview still holds:
 * every field it compared, but not its stock and version, which move with each sale (stock from a file
 * has its own rule: it is set only where nothing moved since the export). Null: no such part yet.
 */
function seenOf(row: PlannedRow): string | null {
  if (row.kind === "refused" || row.kind === "create") return null;
  const { id: _id, version: _version, quantity: _quantity, ...compared } = row.current;
  return JSON.stringify(compared);
}

/** Counts compared rows into the summary, listing the first changes and stock figures left alone. */
function tally(summary: ImportSummary, planned: PlannedRow[], context: ImportContext) {
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

const refused = (summary: ImportSummary) => summary.refusedRows > 0 || summary.refusals.length > 0;

type RunOptions = {
  runner: string;
  money: MoneyFormat;
  onProgress?: (progress: ImportProgress) => void;
};

/**
 * The dry run: what the file would do, with every refused row. The catalog is only read; the rows
 * are kept for the apply while none is refused.
 */
export async function checkCatalogImport(importId: number, { runner, money, onProgress }: RunOptions) {
  const summary = emptySummary();
  const context = await importContext(db);
  for await (const batch of fileBatches(importId, db, money)) {
    summary.rows += batch.rowsRead;
    summary.refusedRows += batch.refusedRows;
    addRefusals(summary, batch.refusals);
    const wanted = batch.rows.map((row) => wantedFromFile(row, context));
    const planned = await compareWithCatalog(db, wanted, context);
    tally(summary, planned, context);
    const progress = { rowsDone: summary.rows, bytesDone: batch.bytesDone };
    // Each kept row carries what the check saw of its part, for the apply to tell whether it still holds.
    const kept = refused(summary)
      ? []
      : wanted.flatMap((row, index) =>
          row.refusals
            ? []
            : [
                {
                  line: row.line,
                  wanted: JSON.stringify({
                    partNumber: row.partNumber,
                    wanted: row.wanted,
                    seen: seenOf(planned[index]),
                  }),
                },
              ],
        );
    // Another process took the import over (this one was thought dead): it is that one's now.
    if (!(await recordCheckedBatch(importId, runner, { ...progress, rows: kept }))) return;
    onProgress?.(progress);
  }
  await finishCheck(importId, runner, summary);
}

/** Whether the check found enough new parts for the apply to build indexes after writing them. */
async function manyCreates(trx: Transaction<Database>, importId: number) {
  const [checked, catalog] = await Promise.all([
    getCatalogImport(importId, { executor: trx }),
    trx
      .selectFrom("items")
      .select((eb) => eb.fn.countAll<number>().as("parts"))
      .executeTakeFirstOrThrow(),
  ]);
  const creates = readSummary(checked?.summary ?? null)?.creates ?? 0;
  return creates >= BUILD_INDEXES_AFTER_CREATES && creates >= Number(catalog.parts);
}

/** Thrown inside an apply to roll it back, with what it found. */
class ApplyRefused {
  constructor(readonly summary: ImportSummary) {}
}

/**
 * Applies a checked import in one transaction: its rows compared again with the catalog as it is
 * now, new parts created, changed ones changed, stock moved by recorded movements. Any row refused
 * by then (its category deleted since the check, say) rolls all of it back; the import says why.
 */
export async function applyCatalogImport(
  importId: number,
  {
    runner,
    userId,
    onProgress,
    onStockArrived,
    indexes,
  }: Omit<RunOptions, "money"> & {
    userId: number | null;
    /** In the apply's transaction, for the parts whose stock went up (backorders waiting for them). */
    onStockArrived?: (trx: Transaction<Database>, itemIds: number[]) => Promise<void>;
    /** Whether the indexes are kept in step as it writes or built after; by default, by the check's new parts. */
    indexes?: "kept" | "built after";
  },
) {
  const summary = emptySummary();
  const stockReason = `Catalog import #${importId}`;
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await startApply(trx, importId, runner))) return;
      const context = await importContext(trx);
      const restocked: number[] = [];
      const newPartCounts = new SpecCountTally();
      const writeAll = async () => {
        for await (const staged of stagedRows(importId, IMPORT_BATCH_ROWS, { executor: trx })) {
          summary.rows += staged.length;
          const planned = await compareWithCatalog(
            trx,
            staged.map((row) => wantedAgain(row, context)),
            context,
          );
          tally(summary, planned, context);
          addRefusals(summary, changedSinceCheck(staged, planned));
          if (refused(summary)) continue;
          try {
            const written = await writeParts(trx, planned.flatMap(partWrite), { userId, stockReason, newPartCounts });
            restocked.push(...written.restocked);
          } catch (error) {
            if (!(error instanceof WriteRefused)) throw error;
            summary.refusedRows += 1;
            addRefusals(summary, [error.refusal]);
            throw new ApplyRefused(summary);
          }
          onProgress?.({ rowsDone: summary.rows, bytesDone: 0 });
        }
        if (!refused(summary)) await newPartCounts.write(trx);
      };
      const buildIndexesAfter = indexes ? indexes === "built after" : await manyCreates(trx, importId);
      await withSpecTriggersOff(trx, () => (buildIndexesAfter ? withIndexesBuiltAfter(trx, writeAll) : writeAll()));
      if (refused(summary)) throw new ApplyRefused(summary);
      if (restocked.length) await onStockArrived?.(trx, restocked);
      if (summary.creates || summary.changes) await bumpCatalogVersions(trx);
      await finishApply(trx, importId, summary);
    });
  } catch (error) {
    if (!(error instanceof ApplyRefused)) throw error;
    const changed = error.summary.refusals.filter((refusal) => refusal.reason === CHANGED_SINCE_CHECK).length;
    await failApply(
      importId,
      runner,
      error.summary,
      changed
        ? `Nothing was written: ${changed === 1 ? "a part" : `${changed} parts`} the file touches changed since it was checked, so the check no longer shows what it would do. Check the file again to see what it would do now.`
        : "Nothing was written: the catalog refused rows when the file was applied (it changed since the check).",
    );
  }
}

export const CHANGED_SINCE_CHECK =
  "Changed since the file was checked (another import, or a save on its page): check the file again";

/**
 * The rows whose part is no longer what the check compared: changed, created or removed since (three
 * files checked at once, then applied in turn, each overwrote the last). Their apply is refused, with
 * them named, rather than write over what nobody saw.
 */
function changedSinceCheck(staged: { line: number; wanted: string }[], planned: PlannedRow[]): ImportRefusal[] {
  return planned.flatMap((row, index) => {
    if (row.kind === "refused") return [];
    const { seen } = JSON.parse(staged[index].wanted) as { seen?: string | null };
    // Rows kept before the check recorded what it saw have nothing to compare with.
    if (seen === undefined || seen === seenOf(row)) return [];
    return [
      { line: row.line, column: "part_number" as const, reason: CHANGED_SINCE_CHECK, partNumber: row.partNumber },
    ];
  });
}

function partWrite(row: PlannedRow): PartWrite[] {
  if (row.kind === "create") return [{ kind: "create", line: row.line, wanted: row.wanted }];
  if (row.kind !== "change") return [];
  return [{ kind: "change", line: row.line, wanted: row.wanted, current: row.current, ...row.comparison }];
}
