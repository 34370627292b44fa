// Checking and applying a catalog import. The check reads the stored file a batch at a time
// (rows.server.ts), compares each row with the part of the same number (plan.server.ts), and keeps
// what each row asks for; it writes nothing to the catalog. The apply compares those rows again with
// the catalog as it is then and writes them all in one transaction, or nothing when any is refused by
// then.
import type { Transaction } from "kysely";

import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { MoneyFormat } from "~/lib/money";
import type { ImportRefusal } from "~/validation/catalog-import";

import { type PartWrite, writeParts, WriteRefused } from "./bulk-write.server";
import { getCatalogImport } from "./jobs.server";
import { compareWithCatalog, type PlannedRow, refused, seenOf, tally } from "./plan.server";
import { fileBatches, IMPORT_BATCH_ROWS } from "./read-file.server";
import { importContext, wantedAgain, wantedFromFile } from "./rows.server";
import { failApply, finishApply, finishCheck, recordCheckedBatch, stagedRows, startApply } from "./runner-jobs.server";
import { SpecCountTally } from "./spec-counts.server";
import { addRefusals, emptySummary, type ImportSummary, readSummary } from "./summary";
import {
  BUILD_INDEXES_AFTER_CREATES,
  bumpCatalogVersions,
  withIndexesBuiltAfter,
  withSpecTriggersOff,
} from "./write-phases.server";

export type ImportProgress = { rowsDone: number; bytesDone: number };

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
