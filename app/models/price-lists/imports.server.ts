import { db, type Executor, now } from "~/db/db.server";
import type { PriceBreak } from "~/lib/pricing";
import { type FileRule, readRulesFile, type RowProblem, type RulesFile } from "~/validation/price-list-file";

import { breaksOfRules, rulesOfList } from "./reading.server";

/** What a rule charges, as the preview compares and shows it. */
export type RuleTerms = { unitPriceCents: number | null; percentOffBp: number | null; breaks: PriceBreak[] };

/** A rule as a checked file holds it until applied: its part or category by id, and its terms. */
export type StoredRule = { itemId: number | null; categoryId: number | null } & RuleTerms;

/** What applying a checked file changes: counts, and the first changes for staff to read. */
export type ImportSummary = {
  rules: number;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  sample: { label: string; before: RuleTerms | null; after: RuleTerms | null }[];
};

const SAMPLE_SIZE = 20;
/** Rows per statement: well under SQLite's and PostgreSQL's bound on a statement's parameters. */
const CHUNK = 500;

export function chunks<T>(values: readonly T[]) {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(values.slice(start, start + CHUNK));
  return out;
}

const keyOf = (rule: { itemId: number | null; categoryId: number | null }) =>
  rule.itemId !== null ? `i${rule.itemId}` : rule.categoryId !== null ? `c${rule.categoryId}` : "all";
const termsText = (terms: RuleTerms) =>
  `${terms.unitPriceCents}/${terms.percentOffBp}/${terms.breaks.map((b) => `${b.minQuantity}:${b.priceCents}`)}`;

/** Every rule a list has now, keyed as a file's rules are, with what a person calls it. */
async function currentRules(executor: Executor, listId: number) {
  const [rules, breaks] = await Promise.all([
    rulesOfList(listId, executor).execute(),
    breaksOfRules({ listId }, executor),
  ]);
  return new Map(
    rules.map((rule) => [
      keyOf({ itemId: rule.item_id, categoryId: rule.category_id }),
      {
        label: rule.part_number ?? (rule.category_name ? `Category: ${rule.category_name}` : "All parts"),
        terms: {
          unitPriceCents: rule.unit_price_cents === null ? null : Number(rule.unit_price_cents),
          percentOffBp: rule.percent_off_bp,
          breaks: breaks.get(rule.id) ?? [],
        },
      },
    ]),
  );
}

/** The ids of the file's parts and categories; a number or name the catalog lacks is a problem on its row. */
async function resolveRules(rows: { row: number; rule: FileRule }[], problems: RulesFile["problems"]) {
  const partNumbers = [...new Set(rows.flatMap(({ rule }) => (rule.kind === "part" ? [rule.partNumber] : [])))];
  const parts = new Map<string, number>();
  for (const chunk of chunks(partNumbers)) {
    const found = await db
      .selectFrom("items")
      .select(["id", "part_number"])
      .where("part_number", "in", chunk)
      .execute();
    for (const item of found) parts.set(item.part_number, item.id);
  }
  const categories = new Map(
    (await db.selectFrom("categories").select(["id", "slug", "name"]).execute()).map((c) => [c.slug, c]),
  );
  const resolved: (StoredRule & { label: string })[] = [];
  for (const { row, rule } of rows) {
    if (rule.kind === "part") {
      const itemId = parts.get(rule.partNumber);
      if (itemId === undefined) problems.add(row, `No part has the part number ${rule.partNumber}`);
      else {
        resolved.push({
          label: rule.partNumber,
          itemId,
          categoryId: null,
          unitPriceCents: rule.unitPriceCents,
          percentOffBp: null,
          breaks: rule.breaks,
        });
      }
    } else if (rule.kind === "category") {
      const category = categories.get(rule.categorySlug);
      if (!category) problems.add(row, `No category is called ${rule.categorySlug}`);
      else {
        resolved.push({
          label: `Category: ${category.name}`,
          itemId: null,
          categoryId: category.id,
          unitPriceCents: null,
          percentOffBp: rule.percentOffBp,
          breaks: [],
        });
      }
    } else {
      resolved.push({
        label: "All parts",
        itemId: null,
        categoryId: null,
        unitPriceCents: null,
        percentOffBp: rule.percentOffBp,
        breaks: [],
      });
    }
  }
  return resolved;
}

export type CheckImportResult =
  | { ok: true; importId: number }
  | { ok: false; reason: "no-list" }
  | { ok: false; reason: "rows"; problems: RowProblem[]; problemCount: number };

/**
 * Checks a rules file against a list and keeps it for Apply: every row a rule the catalog knows, and
 * what applying it would change (the file replaces the list's rules, so a rule it lacks is removed).
 * Nothing about the list changes here.
 */
export async function checkPriceListImport(
  listId: number,
  { userId, fileName, text }: { userId: number; fileName: string; text: string },
): Promise<CheckImportResult> {
  const list = await db.selectFrom("price_lists").select("updated_at").where("id", "=", listId).executeTakeFirst();
  if (!list) return { ok: false, reason: "no-list" };
  const { rows, problems } = readRulesFile(text);
  const resolved = await resolveRules(rows, problems);
  if (problems.count) return { ok: false, reason: "rows", problems: problems.listed(), problemCount: problems.count };

  const before = await currentRules(db, listId);
  const summary: ImportSummary = {
    rules: resolved.length,
    added: 0,
    changed: 0,
    removed: 0,
    unchanged: 0,
    sample: [],
  };
  const note = (label: string, was: RuleTerms | null, now: RuleTerms | null) => {
    if (summary.sample.length < SAMPLE_SIZE) summary.sample.push({ label, before: was, after: now });
  };
  const inFile = new Set<string>();
  for (const { label, itemId, categoryId, ...terms } of resolved) {
    const key = keyOf({ itemId, categoryId });
    inFile.add(key);
    const was = before.get(key);
    if (!was) {
      summary.added += 1;
      note(label, null, terms);
    } else if (termsText(was.terms) !== termsText(terms)) {
      summary.changed += 1;
      note(label, was.terms, terms);
    } else summary.unchanged += 1;
  }
  for (const [key, was] of before) {
    if (inFile.has(key)) continue;
    summary.removed += 1;
    note(was.label, was.terms, null);
  }
  const stored: StoredRule[] = resolved.map(({ label: _label, ...rule }) => rule);
  const row = await db
    .insertInto("price_list_imports")
    .values({
      price_list_id: listId,
      user_id: userId,
      file_name: fileName.slice(0, 200),
      rules: JSON.stringify(stored),
      summary: JSON.stringify(summary),
      list_updated_at: list.updated_at,
      created_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, importId: row.id };
}

/** A checked file waiting for Apply, with what it changes; undefined once applied or set aside, or another list's. */
export async function getPendingPriceListImport(listId: number, importId: number) {
  const row = await db
    .selectFrom("price_list_imports")
    .select(["id", "file_name", "summary", "created_at"])
    .where("id", "=", importId)
    .where("price_list_id", "=", listId)
    .where("status", "=", "checked")
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    fileName: row.file_name,
    createdAt: row.created_at,
    summary: JSON.parse(row.summary) as ImportSummary,
  };
}

/** Sets a checked file aside unapplied; false when it was already applied or discarded. */
export async function discardPriceListImport(listId: number, importId: number) {
  const result = await db
    .updateTable("price_list_imports")
    .set({ status: "discarded" })
    .where("id", "=", importId)
    .where("price_list_id", "=", listId)
    .where("status", "=", "checked")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
