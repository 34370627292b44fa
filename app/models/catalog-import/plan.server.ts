// Rows compared with the catalog as it is: each a new part, a change, the same, or refused (a file it
// names is not stored, a part number twice); and the summary's counts of what an apply would do.

import { type Executor } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";
import { specsOfParts } from "~/models/item";
import { documentRefsOf, pictureRefsOf } from "~/models/media";
import { priceBreaksOf } from "~/models/pricing.server";
import type { ImportRefusal } from "~/validation/catalog-import";

import { type ImportContext, type WantedRow } from "./rows.server";
import {
  addRefusals,
  comparePart,
  type Comparison,
  creationChanges,
  type CurrentPart,
  type ImportSummary,
  MAX_LISTED_CHANGES,
  PART_FIELD_COLUMNS,
  type WantedPart,
} from "./summary";

export type PlannedRow =
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
    .select(["id", "version", ...PART_FIELD_COLUMNS])
    .where("part_number_key", "in", keys)
    .execute();
  if (!items.length) return byKey;
  const ids = items.map((item) => item.id);
  const [specsOf, breaks, pictures, documents] = await Promise.all([
    specsOfParts(ids, { executor }),
    priceBreaksOf(ids, { executor }),
    pictureRefsOf(ids, { executor }),
    documentRefsOf(ids, { executor }),
  ]);
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
export async function compareWithCatalog(executor: Executor, rows: WantedRow[], context: ImportContext) {
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
export function seenOf(row: PlannedRow): string | null {
  if (row.kind === "refused" || row.kind === "create") return null;
  const { id: _id, version: _version, quantity: _quantity, ...compared } = row.current;
  return JSON.stringify(compared);
}

/** Counts compared rows into the summary, listing the first changes and stock figures left alone. */
export function tally(summary: ImportSummary, planned: PlannedRow[], context: ImportContext) {
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

export const refused = (summary: ImportSummary) => summary.refusedRows > 0 || summary.refusals.length > 0;
