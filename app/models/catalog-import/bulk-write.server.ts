// How an apply writes a batch of parts. The catalog keeps derived data exact with triggers: search
// documents, spec and spec-pair counts, the catalog generation and the public version. They run
// once per spec row, and a part's spec rows each rewrite its whole document and re-pair it with its
// other specs: 19 ms a part on SQLite, half an hour for a 100,000-part file. So an apply turns the
// spec rows' triggers off inside its own transaction (write-phases.server.ts) and writes what they
// would have written once per part, set by set (spec-counts.server.ts, search-documents.server.ts),
// before it turns them on again in the same transaction. Parts' own triggers (counts per category,
// the part-number index) still run, row by row, as they cost little. Here: the parts' rows, specs,
// price breaks and files.

import { insertJsonRows } from "~/db/bulk-insert.server";
import { now } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";
import type { SpecRow } from "~/lib/spec-templates";
import { replaceItemDocuments, replaceItemPictures } from "~/models/media";
import { adjustStock } from "~/models/stock.server";
import type { ImportRefusal } from "~/validation/catalog-import";
import type { PriceBreakLine } from "~/validation/product";

import { rewriteDocuments } from "./search-documents.server";
import { addSpecCounts, SpecCountTally } from "./spec-counts.server";
import { type CurrentPart, PART_FIELD_COLUMNS, type PartFields, type WantedPart } from "./summary";
import { INSERT_ROWS, insertInSlices, type Trx } from "./write-phases.server";

/** A part to write: a new one, or one that differs from the catalog in these fields and lists. */
export type PartWrite =
  | { kind: "create"; line: number; wanted: WantedPart }
  | {
      kind: "change";
      line: number;
      wanted: WantedPart;
      current: CurrentPart;
      fields: Partial<PartFields>;
      specsChanged: boolean;
      breaksChanged: boolean;
      picturesChanged: boolean;
      documentsChanged: boolean;
      stockChange: number;
    };

/** Fields a part's search document or spec counts are made from: changing one rewrites them. */
const DERIVED_FROM: (keyof PartFields)[] = ["name", "description", "part_number", "category_id", "hidden"];

/**
 * Writes a batch of parts with the spec rows' triggers off (withSpecTriggersOff), and what those
 * triggers would have: spec rows with their category (none while hidden), spec and spec-pair
 * counts, search documents. Stock moves are recorded as every stock move is.
 */
export async function writeParts(
  trx: Trx,
  writes: PartWrite[],
  {
    userId,
    stockReason,
    newPartCounts,
  }: {
    userId: number | null;
    stockReason: string;
    /** Where new parts' spec counts are added up, for the caller to write once (else written here). */
    newPartCounts?: SpecCountTally;
  },
): Promise<{ restocked: number[] }> {
  const changes = writes.filter((write) => write.kind === "change");
  const creates = writes.filter((write) => write.kind === "create");
  const rederived = changes.filter(
    (write) => write.specsChanged || DERIVED_FROM.some((field) => write.fields[field] !== undefined),
  );
  const rederivedIds = rederived.map((write) => write.current.id);

  // What the parts' present specs count for goes first, while their rows say what they count in.
  await addSpecCounts(trx, rederivedIds, -1);
  if (rederivedIds.length) await trx.deleteFrom("item_specs").where("item_id", "in", rederivedIds).execute();
  for (const write of changes) {
    if (
      Object.keys(write.fields).length ||
      write.specsChanged ||
      write.breaksChanged ||
      write.picturesChanged ||
      write.documentsChanged
    ) {
      await trx
        .updateTable("items")
        .set((eb) => ({
          ...write.fields,
          ...(write.fields.part_number ? { part_number_key: partNumberKey(write.fields.part_number) } : {}),
          version: eb("version", "+", 1),
        }))
        .where("id", "=", write.current.id)
        .execute();
    }
    if (write.breaksChanged) await replaceBreaks(trx, [[write.current.id, write.wanted.breaks]]);
    if (write.stockChange) {
      await adjustStock(
        write.current.id,
        { change: write.stockChange, reason: stockReason, userId },
        { executor: trx },
      );
    }
  }
  const created = await insertParts(trx, creates, { userId, stockReason });

  const withSpecs: { id: number; wanted: WantedPart }[] = [
    ...rederived.map((write) => ({ id: write.current.id, wanted: write.wanted })),
    ...created,
  ];
  await insertSpecs(trx, withSpecs);
  await replaceBreaks(
    trx,
    created.map((part) => [part.id, part.wanted.breaks]),
  );
  const ids = withSpecs.map((part) => part.id);
  if (newPartCounts) {
    await addSpecCounts(trx, rederivedIds, 1);
    for (const part of created) {
      newPartCounts.add(part.wanted.fields.hidden ? null : part.wanted.fields.category_id, part.wanted.specs);
    }
  } else {
    await addSpecCounts(trx, ids, 1);
  }
  await rewriteDocuments(
    trx,
    rederivedIds,
    created.map(({ id, wanted }) => ({ id, fields: wanted.fields, specs: wanted.specs })),
  );
  await linkFiles(trx, [
    // A new part has no files yet: only the lists that name some have anything to link.
    ...created.map((part) => ({
      id: part.id,
      line: part.line,
      pictures: part.wanted.pictures?.length ? part.wanted.pictures : undefined,
      documents: part.wanted.documents?.length ? part.wanted.documents : undefined,
    })),
    ...changes.map((write) => ({
      id: write.current.id,
      line: write.line,
      pictures: write.picturesChanged ? write.wanted.pictures : undefined,
      documents: write.documentsChanged ? write.wanted.documents : undefined,
    })),
  ]);
  return { restocked: changes.filter((write) => write.stockChange > 0).map((write) => write.current.id) };
}

/** A row the catalog refused while it was written: the apply rolls back and says why. */
export class WriteRefused {
  constructor(readonly refusal: ImportRefusal) {}
}

/**
 * Parts' pictures and documents, where a row names them, through the media model's own rules
 * (files no part shows any more are removed). The check refused unknown files already; one gone
 * since refuses the apply.
 */
async function linkFiles(
  trx: Trx,
  parts: { id: number; line: number; pictures?: WantedPart["pictures"]; documents?: WantedPart["documents"] }[],
) {
  for (const part of parts) {
    if (!part.pictures && !part.documents) continue;
    const results = [
      ["pictures", part.pictures ? await replaceItemPictures(part.id, part.pictures, { executor: trx }) : null],
      ["documents", part.documents ? await replaceItemDocuments(part.id, part.documents, { executor: trx }) : null],
    ] as const;
    for (const [column, result] of results) {
      if (result && !result.ok) {
        const reason = result.reason === "field" ? result.message : "The part was deleted while the file was applied";
        throw new WriteRefused({ line: part.line, column, reason });
      }
    }
  }
}

const PART_COLUMNS = [...PART_FIELD_COLUMNS, "created_at"] as const;

/** The lead time a new part gets when its row leaves it blank (the column's default). */
const DEFAULT_LEAD_TIME_DAYS = 14;

/** New parts' rows, and the opening stock each is recorded with; their ids in the order given. */
async function insertParts(
  trx: Trx,
  creates: Extract<PartWrite, { kind: "create" }>[],
  { userId, stockReason }: { userId: number | null; stockReason: string },
) {
  const created: { id: number; line: number; wanted: WantedPart }[] = [];
  const createdAt = now();
  for (let start = 0; start < creates.length; start += INSERT_ROWS) {
    const slice = creates.slice(start, start + INSERT_ROWS);
    const rows = await insertJsonRows(
      trx,
      "items",
      PART_COLUMNS,
      slice.map(({ wanted }) => ({
        ...wanted.fields,
        lead_time_days: wanted.fields.lead_time_days ?? DEFAULT_LEAD_TIME_DAYS,
        allow_backorder: wanted.fields.allow_backorder ?? 1,
        part_number_key: partNumberKey(wanted.fields.part_number),
        quantity: wanted.quantity,
        created_at: createdAt,
      })),
      { returning: ["id", "part_number_key"] },
    );
    const idOf = new Map(rows.map((row) => [String(row.part_number_key), Number(row.id)]));
    for (const { line, wanted } of slice) {
      created.push({ id: idOf.get(partNumberKey(wanted.fields.part_number))!, line, wanted });
    }
  }
  await insertInSlices(
    trx,
    "stock_movements",
    ["item_id", "user_id", "change", "quantity_after", "reason", "created_at"],
    created
      .filter((part) => part.wanted.quantity > 0)
      .map((part) => ({
        item_id: part.id,
        user_id: userId,
        change: part.wanted.quantity,
        quantity_after: part.wanted.quantity,
        reason: stockReason,
        created_at: createdAt,
      })),
  );
  return created;
}

/** Spec rows, each in its part's category as the triggers would set it (none while the part is hidden). */
async function insertSpecs(trx: Trx, parts: { id: number; wanted: WantedPart }[]) {
  const rows = parts.flatMap(({ id, wanted }) =>
    wanted.specs.map((spec: SpecRow, position) => ({
      item_id: id,
      position,
      name: spec.name,
      value: spec.value,
      unit: spec.unit,
      category_id: wanted.fields.hidden ? null : wanted.fields.category_id,
    })),
  );
  await insertInSlices(trx, "item_specs", ["item_id", "position", "name", "value", "unit", "category_id"], rows);
}

async function replaceBreaks(trx: Trx, parts: [number, PriceBreakLine[]][]) {
  if (!parts.length) return;
  await trx
    .deleteFrom("price_breaks")
    .where(
      "item_id",
      "in",
      parts.map(([id]) => id),
    )
    .execute();
  const rows = parts.flatMap(([id, breaks]) =>
    breaks.map((line) => ({ item_id: id, min_quantity: line.minQuantity, price_cents: line.priceCents })),
  );
  await insertInSlices(trx, "price_breaks", ["item_id", "min_quantity", "price_cents"], rows);
}
