import { db, type Executor } from "~/db/db.server";
import { csvAmount } from "~/lib/csv";
import type { PriceBreak } from "~/lib/pricing";

/** The rules a list's page shows; a longer list is read whole in its CSV download. */
export const RULES_SHOWN = 200;

/** Every list, newest first, with how many rules and assignments each has. */
export async function listPriceLists() {
  const rows = await db
    .selectFrom("price_lists")
    .select((eb) => [
      "id",
      "name",
      "valid_from",
      "valid_until",
      "fixed_even_if_higher",
      eb
        .selectFrom("price_list_rules")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("price_list_rules.price_list_id", "=", "price_lists.id")
        .as("rule_count"),
      eb
        .selectFrom("price_list_assignments")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("price_list_assignments.price_list_id", "=", "price_lists.id")
        .as("assignment_count"),
    ])
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    rule_count: Number(row.rule_count ?? 0),
    assignment_count: Number(row.assignment_count ?? 0),
  }));
}

/** A list with its first rules (part, category or all parts, with breaks), how many it has, and whom it prices for. */
export async function getPriceList(id: number) {
  const list = await db
    .selectFrom("price_lists")
    .select(["id", "name", "valid_from", "valid_until", "fixed_even_if_higher"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!list) return undefined;
  const [rules, ruleCount, assignments] = await Promise.all([
    rulesOfList(id).limit(RULES_SHOWN).execute(),
    db
      .selectFrom("price_list_rules")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("price_list_id", "=", id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("price_list_assignments")
      .leftJoin("users", "users.id", "price_list_assignments.user_id")
      .leftJoin("companies", "companies.id", "price_list_assignments.company_id")
      .select([
        "price_list_assignments.id",
        "price_list_assignments.priority",
        "price_list_assignments.company_id",
        "users.email",
        "users.display_name",
        "companies.name as company_name",
      ])
      .where("price_list_assignments.price_list_id", "=", id)
      .orderBy("price_list_assignments.priority", "desc")
      .orderBy("price_list_assignments.id")
      .execute(),
  ]);
  const breaks = await breaksOfRules({ ruleIds: rules.map((rule) => rule.id) });
  return {
    ...list,
    rules: rules.map((rule) => ({
      ...rule,
      unit_price_cents: rule.unit_price_cents === null ? null : Number(rule.unit_price_cents),
      list_price_cents: rule.list_price_cents === null ? null : Number(rule.list_price_cents),
      breaks: breaks.get(rule.id) ?? [],
    })),
    ruleCount: Number(ruleCount.n),
    assignments,
  };
}

/** A list's rules with what each applies to, oldest first: where every reader of a list's rules starts. */
export function rulesOfList(listId: number, executor: Executor = db) {
  return executor
    .selectFrom("price_list_rules")
    .leftJoin("items", "items.id", "price_list_rules.item_id")
    .leftJoin("categories", "categories.id", "price_list_rules.category_id")
    .select([
      "price_list_rules.id",
      "price_list_rules.item_id",
      "price_list_rules.category_id",
      "price_list_rules.unit_price_cents",
      "price_list_rules.percent_off_bp",
      "items.part_number",
      "items.name as item_name",
      "items.price_cents as list_price_cents",
      "categories.name as category_name",
      "categories.slug as category_slug",
    ])
    .where("price_list_rules.price_list_id", "=", listId)
    .orderBy("price_list_rules.id");
}

/** The breaks of some part rules (a page's), or of a whole list's, by rule, fewest units first. */
export async function breaksOfRules(scope: { ruleIds: number[] } | { listId: number }, executor: Executor = db) {
  const byRule = new Map<number, PriceBreak[]>();
  if ("ruleIds" in scope && !scope.ruleIds.length) return byRule;
  const rows = await executor
    .selectFrom("price_list_rule_breaks")
    .innerJoin("price_list_rules", "price_list_rules.id", "price_list_rule_breaks.rule_id")
    .select(["rule_id", "min_quantity", "price_cents"])
    .where((eb) =>
      "ruleIds" in scope ? eb("rule_id", "in", scope.ruleIds) : eb("price_list_rules.price_list_id", "=", scope.listId),
    )
    .orderBy("min_quantity")
    .execute();
  for (const row of rows) {
    const breaks = byRule.get(row.rule_id) ?? [];
    breaks.push({ minQuantity: row.min_quantity, priceCents: Number(row.price_cents) });
    byRule.set(row.rule_id, breaks);
  }
  return byRule;
}

const CSV_BATCH = 500;

/**
 * A list's rules as its CSV download writes them (app/validation/price-list-file.ts's columns), a
 * batch at a time: the file an import reads back unchanged.
 */
export async function* priceListCsvBatches(listId: number): AsyncGenerator<(string | number | null)[][], void> {
  let after = 0;
  for (;;) {
    const rules = await rulesOfList(listId).where("price_list_rules.id", ">", after).limit(CSV_BATCH).execute();
    if (!rules.length) return;
    after = rules.at(-1)!.id;
    const breaks = await breaksOfRules({ ruleIds: rules.map((rule) => rule.id) });
    yield rules.map((rule) => [
      rule.part_number ?? "",
      rule.category_slug ?? "",
      rule.percent_off_bp === null ? "" : String(rule.percent_off_bp / 100),
      rule.unit_price_cents === null ? "" : csvAmount(Number(rule.unit_price_cents)),
      (breaks.get(rule.id) ?? []).map((each) => `${each.minQuantity}:${csvAmount(each.priceCents)}`).join(", "),
      rule.item_name ?? "",
      rule.list_price_cents === null ? "" : csvAmount(Number(rule.list_price_cents)),
    ]);
  }
}

export type PriceListDetail = NonNullable<Awaited<ReturnType<typeof getPriceList>>>;
