// How an apply writes a batch of parts. The catalog keeps derived data exact with triggers: search
// documents, spec and spec-pair counts, the catalog generation and the public version. They run
// once per spec row, and a part's spec rows each rewrite its whole document and re-pair it with its
// other specs: 19 ms a part on SQLite, half an hour for a 100,000-part file. So an apply turns the
// spec rows' triggers off inside its own transaction and writes what they would have written once
// per part, set by set, before it turns them on again in the same transaction. Parts' own triggers
// (counts per category, the part-number index) still run, row by row, as they cost little.
import { PostgresAdapter, sql, type Transaction } from "kysely";

import { insertJsonRows } from "~/db/bulk-insert.server";
import { now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { partNumberKey } from "~/lib/part-number";
import { specDocumentText } from "~/lib/search/spec-keys";
import type { SpecRow } from "~/lib/spec-templates";
import { replaceItemDocuments, replaceItemPictures } from "~/models/media";
import { adjustStock } from "~/models/stock.server";
import type { ImportRefusal } from "~/validation/catalog-import";
import type { PriceBreakLine } from "~/validation/product";

import type { CurrentPart, PartFields, WantedPart } from "./summary";

type Trx = Transaction<Database>;

const isPostgres = (trx: Trx) => trx.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite's document triggers on parts: the apply writes documents itself, once a part's specs are in. */
const SQLITE_ITEM_DOCUMENT_TRIGGERS = [
  "items_search_document_insert",
  "items_search_document_update",
  "items_name_search_insert",
  "items_name_search_update",
];

/**
 * SQLite's page cache while an apply writes (32 MB, from 8): the index pages it keeps writing stay
 * in memory instead of being read back from the write-ahead log (apply of 100,000 parts: 42 s with
 * 8 MB, 36 s with 64, 31 s with 128, before a large apply built its indexes after the writes).
 * Since then, only the three indexes the apply reads by are written row by row, and 32 MB applies
 * 100,000 parts as fast as 64 did (25–27 s against 27.5) with 35–45 MB less memory at the peak.
 */
const BULK_WRITE_CACHE_KIB = 32 * 1024;

/**
 * Runs `work` with the spec rows' triggers off, in the caller's transaction, and turns them on again
 * before it returns (a rollback would too). SQLite: the triggers are dropped and made again from
 * their own SQL, which the transaction holds the only write lock for; readers keep their snapshot.
 * PostgreSQL: ALTER TABLE … DISABLE TRIGGER, whose lock stops other writes to spec rows (staff
 * editing a part wait for the import) but no reads.
 */
export async function withSpecTriggersOff<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  if (isPostgres(trx)) {
    await sql`alter table item_specs disable trigger user`.execute(trx);
    const result = await work();
    await sql`alter table item_specs enable trigger user`.execute(trx);
    return result;
  }
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_schema
    where type = 'trigger' and (tbl_name = 'item_specs' or name in (${sql.join(SQLITE_ITEM_DOCUMENT_TRIGGERS)}))
    order by name`.execute(trx);
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
  const { rows: cache } = await sql<{ cache_size: number }>`pragma cache_size`.execute(trx);
  await sql.raw(`pragma cache_size = -${BULK_WRITE_CACHE_KIB}`).execute(trx);
  try {
    const result = await work();
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
    return result;
  } finally {
    await sql.raw(`pragma cache_size = ${Number(cache[0].cache_size)}`).execute(trx);
  }
}

/** The indexes an apply's own reads use while it writes: parts by part number, spec rows by part. */
const INDEXES_KEPT_WHILE_WRITING = new Set([
  "items_part_number_unique",
  "items_part_number_key_idx",
  "item_specs_item_idx",
]);

/**
 * The parts an apply creates, at least (and at least as many as the catalog holds), for it to build
 * the parts' and spec rows' other indexes once at its end rather than row by row: 100,000 new parts
 * and their 600,000 spec rows went in 6 s faster, the indexes built in 2 s. Fewer new parts into a
 * larger catalog are cheaper kept in step.
 */
export const BUILD_INDEXES_AFTER_CREATES = 10_000;

/**
 * Runs `work` with the parts' and spec rows' secondary indexes dropped, and makes them again from
 * their own SQL before it returns, in the caller's transaction (SQLite's DDL is transactional, and
 * the transaction holds the only write lock; readers keep their snapshot, indexes and all). A new
 * index is handled as these are. PostgreSQL's indexes are left alone.
 */
export async function withIndexesBuiltAfter<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  if (isPostgres(trx)) return work();
  const { rows: indexes } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_schema
    where type = 'index' and tbl_name in ('items', 'item_specs') and sql is not null
    order by name`.execute(trx);
  const dropped = indexes.filter((index) => !INDEXES_KEPT_WHILE_WRITING.has(index.name));
  for (const index of dropped) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  const result = await work();
  for (const index of dropped) await sql.raw(index.sql).execute(trx);
  return result;
}

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

/**
 * New parts' spec and spec-pair counts, added up in memory across an apply and written once at its
 * end: counted per batch in SQL, the same few thousand values and pairs were upserted again for
 * every 500 parts (7 s of a 100,000-part apply). Counted as migrations 0011 and 0016 count them:
 * each value per category, and each pair of a part's values (of different names) in both orders.
 * A value is numbered the first time it is seen, so a pair is counted under a number made of two
 * (100,000 parts of six specs are three million pairs: keyed by their text, 5 s).
 */
export class SpecCountTally {
  /** Each distinct value (category, name, value, unit): its number, and how many parts have it. */
  private readonly numbers = new Map<string, number>();
  private readonly values: { categoryId: number; spec: SpecRow; items: number }[] = [];
  /** Pairs of value numbers, as `first * PAIR_BASE + other`. */
  private readonly pairs = new Map<number, number>();

  private numberOf(categoryId: number, spec: SpecRow) {
    const key = `${categoryId}\u0000${spec.name}\u0000${spec.value}\u0000${spec.unit ?? ""}`;
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.values.length;
      if (number >= PAIR_BASE) throw new Error("Too many distinct spec values for one apply");
      this.numbers.set(key, number);
      this.values.push({ categoryId, spec, items: 0 });
    }
    return number;
  }

  add(categoryId: number | null, specs: readonly SpecRow[]) {
    if (categoryId === null) return;
    const numbers = specs.map((spec) => this.numberOf(categoryId, spec));
    for (const number of numbers) this.values[number].items += 1;
    for (let chosen = 0; chosen < specs.length; chosen++) {
      for (let other = 0; other < specs.length; other++) {
        if (specs[other].name === specs[chosen].name) continue;
        const pair = numbers[chosen] * PAIR_BASE + numbers[other];
        this.pairs.set(pair, (this.pairs.get(pair) ?? 0) + 1);
      }
    }
  }

  async write(trx: Trx) {
    const valueRows = this.values
      .filter((counted) => counted.items > 0)
      .map(({ categoryId, spec, items }) => ({
        category_id: categoryId,
        name: spec.name,
        value: spec.value,
        unit: spec.unit ?? "",
        items,
      }));
    // A pair row does not say the chosen value's unit: pairs that differ only there are one row.
    const pairRowsByKey = new Map<string, PairCountRow>();
    for (const [pair, items] of this.pairs) {
      const chosen = this.values[Math.floor(pair / PAIR_BASE)];
      const other = this.values[pair % PAIR_BASE].spec;
      const row = {
        category_id: chosen.categoryId,
        name: chosen.spec.name,
        value: chosen.spec.value,
        other_name: other.name,
        other_value: other.value,
        other_unit: other.unit ?? "",
        items,
      };
      const key = JSON.stringify([
        row.category_id,
        row.name,
        row.value,
        row.other_name,
        row.other_value,
        row.other_unit,
      ]);
      const counted = pairRowsByKey.get(key);
      if (counted) counted.items += items;
      else pairRowsByKey.set(key, row);
    }
    const pairRows = [...pairRowsByKey.values()];
    const valueKey = ["category_id", "name", "value", "unit"] as const;
    const pairKey = ["category_id", "name", "value", "other_name", "other_value", "other_unit"] as const;
    await insertInSlices(trx, "spec_counts", [...valueKey, "items"], valueRows, { key: valueKey, column: "items" });
    await insertInSlices(trx, "spec_pair_counts", [...pairKey, "items"], pairRows, { key: pairKey, column: "items" });
    this.numbers.clear();
    this.values.length = 0;
    this.pairs.clear();
  }
}

/** A spec_pair_counts row (as a plain object type, which insertJsonRows takes). */
type PairCountRow = Pick<Database["spec_pair_counts"], keyof Database["spec_pair_counts"]>;

/** Value numbers stay below this, so a pair of them is one safe integer (2^26 squared is below 2^53). */
const PAIR_BASE = 2 ** 26;

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

/** Rows per INSERT: one JSON parameter each (insertJsonRows). */
const INSERT_ROWS = 500;

async function insertInSlices<Row extends Record<string, string | number | null>>(
  trx: Trx,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: Row[],
  addOnConflict?: { key: readonly string[]; column: string },
) {
  for (let start = 0; start < rows.length; start += INSERT_ROWS) {
    await insertJsonRows(trx, table, columns, rows.slice(start, start + INSERT_ROWS), { addOnConflict });
  }
}

const PART_COLUMNS = [
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
  "hidden",
  "lead_time_days",
  "allow_backorder",
  "quantity",
  "created_at",
] as const;

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

/**
 * Adds (1) or takes away (-1) what these parts' spec rows count for, as migrations 0011 and 0016
 * count them: each value per category, and each pair of a part's values in both orders.
 */
async function addSpecCounts(trx: Trx, itemIds: number[], sign: 1 | -1) {
  if (!itemIds.length) return;
  const ids = sql.join(itemIds);
  await sql`
    insert into spec_counts (category_id, name, value, unit, items)
    select category_id, name, value, coalesce(unit, ''), ${sql.lit(sign)} * count(*)
    from item_specs
    where item_id in (${ids}) and category_id is not null
    group by category_id, name, value, coalesce(unit, '')
    on conflict (category_id, name, value, unit) do update set items = spec_counts.items + excluded.items`.execute(trx);
  await sql`
    insert into spec_pair_counts (category_id, name, value, other_name, other_value, other_unit, items)
    select chosen.category_id, chosen.name, chosen.value, other.name, other.value, coalesce(other.unit, ''),
      ${sql.lit(sign)} * count(*)
    from item_specs chosen
    join item_specs other
      on other.item_id = chosen.item_id and other.category_id = chosen.category_id and other.name <> chosen.name
    where chosen.item_id in (${ids}) and chosen.category_id is not null
    group by chosen.category_id, chosen.name, chosen.value, other.name, other.value, coalesce(other.unit, '')
    on conflict (category_id, name, value, other_name, other_value, other_unit)
    do update set items = spec_pair_counts.items + excluded.items`.execute(trx);
}

/** A part's search document as the catalog's triggers make it, from its row, category and specs. */
type DocumentSource = {
  id: number;
  name: string;
  part_number: string;
  part_number_key: string;
  description: string;
  category: string | null;
  specs: SpecRow[];
};

/**
 * These parts' search documents, written again: changed parts' from their rows as they are now,
 * new parts' from what was just written for them (reading 100,000 new parts and their 600,000 spec
 * rows back cost 2.3 s). PostgreSQL: its own function (migration 0020). SQLite: both full-text
 * tables, with the specs' text made here.
 */
async function rewriteDocuments(
  trx: Trx,
  changedIds: number[],
  created: { id: number; fields: PartFields; specs: SpecRow[] }[],
) {
  if (!changedIds.length && !created.length) return;
  if (isPostgres(trx)) {
    const ids = [...changedIds, ...created.map((part) => part.id)];
    await sql`select search_document_of(id) from items where id in (${sql.join(ids)})`.execute(trx);
    return;
  }
  const categoryIds = [...new Set(created.flatMap((part) => part.fields.category_id ?? []))];
  const [changed, categories] = await Promise.all([
    documentSourcesOf(trx, changedIds),
    categoryIds.length
      ? trx.selectFrom("categories").select(["id", "name"]).where("id", "in", categoryIds).execute()
      : [],
  ]);
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  const sources: DocumentSource[] = [
    ...changed,
    ...created.map(({ id, fields, specs }) => ({
      id,
      name: fields.name,
      part_number: fields.part_number,
      part_number_key: partNumberKey(fields.part_number),
      description: fields.description,
      category: fields.category_id === null ? null : (categoryName.get(fields.category_id) ?? null),
      specs,
    })),
  ];
  if (changedIds.length) {
    const ids = sql.join(changedIds);
    await sql`delete from items_search where rowid in (${ids})`.execute(trx);
    await sql`delete from items_name_search where rowid in (${ids})`.execute(trx);
  }
  const documents = sources.map((part) => ({
    rowid: part.id,
    name: part.name,
    part: `${part.part_number} ${part.part_number_key}`,
    specs: specDocumentText(part.specs),
    category: part.category ?? "",
    description: part.description,
  }));
  await insertInSlices(trx, "items_name_search", ["rowid", "name", "part", "specs"], documents);
  await insertInSlices(trx, "items_search", ["rowid", "name", "part", "specs", "category", "description"], documents);
}

/** Parts' rows and spec rows as the catalog holds them, for their search documents. */
async function documentSourcesOf(trx: Trx, itemIds: number[]): Promise<DocumentSource[]> {
  if (!itemIds.length) return [];
  const [parts, specs] = await Promise.all([
    trx
      .selectFrom("items")
      .leftJoin("categories", "categories.id", "items.category_id")
      .select([
        "items.id",
        "items.name",
        "items.part_number",
        "items.part_number_key",
        "items.description",
        "categories.name as category",
      ])
      .where("items.id", "in", itemIds)
      .execute(),
    trx
      .selectFrom("item_specs")
      .select(["item_id", "name", "value", "unit"])
      .where("item_id", "in", itemIds)
      .orderBy("item_id")
      .orderBy("position")
      .execute(),
  ]);
  const specsOf = new Map<number, SpecRow[]>();
  for (const spec of specs) {
    const list = specsOf.get(spec.item_id);
    const row = { name: spec.name, value: spec.value, unit: spec.unit };
    if (list) list.push(row);
    else specsOf.set(spec.item_id, [row]);
  }
  return parts.map((part) => ({ ...part, specs: specsOf.get(part.id) ?? [] }));
}

/**
 * The moves the spec rows' triggers would have made to the catalog generation (kept search answers
 * follow it) and the public version (the page cache follows it), made once for the whole apply.
 */
export async function bumpCatalogVersions(trx: Trx) {
  await sql`update catalog_generation set generation = generation + 1 where id = 1`.execute(trx);
  const shard = isPostgres(trx) ? sql`txid_current() % 16` : sql`0`;
  await sql`update public_version set changes = changes + 1 where shard = ${shard}`.execute(trx);
}
