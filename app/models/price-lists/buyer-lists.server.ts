import { type Expression, type RawBuilder, sql } from "kysely";

import { storeToday } from "~/config/env.server";
import { db, type DbOptions, type Executor, isPostgres } from "~/db/db.server";
import type { ContractList, PartRule } from "~/lib/contract-prices";

/**
 * An advisory lock on PostgreSQL: a rules file's Apply takes it alone, pricing inside a transaction
 * (a checkout) shares it, so an order reads every price before the Apply or every price after it.
 * PostgreSQL's default isolation gives each statement its own snapshot, and these are several.
 */
export const PRICE_RULES_LOCK = 7261002;

/** The parts being priced: their ids and categories decide which rules are read. */
export type PricedPart = { itemId: number; categoryId: number | null };

/**
 * The lists that price for a buyer on a day, in the order they are consulted: the buyer's own by
 * priority (highest first), then their company's by priority; within a priority the newer list.
 * Each holds only the rules that can touch `parts`, so a list of thousands of rules costs a page
 * what its few parts need.
 */
/** A buyer by user id, or a company as any member of it would buy (staff's preview). */
export type PricedFor = number | { companyId: number } | null | undefined;

/** The lists assigned to a buyer that price on `day`, in the order they are consulted. */
async function assignedLists(whom: NonNullable<PricedFor>, { executor, day }: { executor: Executor; day: string }) {
  const userId = typeof whom === "number" ? whom : null;
  const assigned = await executor
    .selectFrom("price_list_assignments")
    .innerJoin("price_lists", "price_lists.id", "price_list_assignments.price_list_id")
    .leftJoin("company_members", (join) =>
      join
        .onRef("company_members.company_id", "=", "price_list_assignments.company_id")
        .on("company_members.user_id", "=", typeof whom === "number" ? whom : -1),
    )
    .select([
      "price_lists.id",
      "price_lists.name",
      "price_lists.fixed_even_if_higher",
      "price_list_assignments.user_id",
      "price_list_assignments.priority",
    ])
    .where((eb) =>
      typeof whom === "number"
        ? eb.or([eb("price_list_assignments.user_id", "=", whom), eb("company_members.user_id", "=", whom)])
        : eb("price_list_assignments.company_id", "=", whom.companyId),
    )
    .where((eb) => eb.or([eb("price_lists.valid_from", "is", null), eb("price_lists.valid_from", "<=", day)]))
    .where((eb) => eb.or([eb("price_lists.valid_until", "is", null), eb("price_lists.valid_until", ">=", day)]))
    .execute();
  // The buyer's own assignment of a list outranks their company's assignment of the same list.
  return assigned
    .map((row) => ({ ...row, own: userId !== null && row.user_id === userId ? 1 : 0 }))
    .sort((a, b) => b.own - a.own || b.priority - a.priority || b.id - a.id)
    .filter((row, index, rows) => rows.findIndex((other) => other.id === row.id) === index);
}

export async function contractListsFor(
  whom: PricedFor,
  parts: readonly PricedPart[],
  { executor = db, day = storeToday() }: DbOptions & { day?: string } = {},
): Promise<ContractList[]> {
  if (!whom || !parts.length) return [];
  if (executor.isTransaction && isPostgres(executor)) {
    await sql`select pg_advisory_xact_lock_shared(${PRICE_RULES_LOCK})`.execute(executor);
  }
  const ordered = await assignedLists(whom, { executor, day });
  if (!ordered.length) return [];

  const listIds = ordered.map((row) => row.id);
  const itemIds = [...new Set(parts.map((part) => part.itemId))];
  const categoryIds = [...new Set(parts.flatMap((part) => (part.categoryId === null ? [] : [part.categoryId])))];
  const rules = await executor
    .selectFrom("price_list_rules")
    .select(["id", "price_list_id", "item_id", "category_id", "unit_price_cents", "percent_off_bp"])
    .where("price_list_id", "in", listIds)
    .where((eb) =>
      eb.or([
        eb("item_id", "in", itemIds),
        ...(categoryIds.length ? [eb("category_id", "in", categoryIds)] : []),
        eb.and([eb("item_id", "is", null), eb("category_id", "is", null)]),
      ]),
    )
    .execute();
  const partRuleIds = rules.filter((rule) => rule.item_id !== null).map((rule) => rule.id);
  const breaks = partRuleIds.length
    ? await executor
        .selectFrom("price_list_rule_breaks")
        .select(["rule_id", "min_quantity", "price_cents"])
        .where("rule_id", "in", partRuleIds)
        .orderBy("rule_id")
        .orderBy("min_quantity")
        .execute()
    : [];

  const lists = new Map<number, ContractList & { parts: Map<number, PartRule>; categories: Map<number, number> }>();
  for (const row of ordered) {
    lists.set(row.id, {
      id: row.id,
      name: row.name,
      fixedEvenIfHigher: row.fixed_even_if_higher === 1,
      parts: new Map(),
      categories: new Map(),
      allParts: null,
    });
  }
  for (const rule of rules) {
    const list = lists.get(rule.price_list_id)!;
    if (rule.item_id !== null) {
      list.parts.set(rule.item_id, {
        unitPriceCents: Number(rule.unit_price_cents),
        breaks: breaks
          .filter((each) => each.rule_id === rule.id)
          .map((each) => ({ minQuantity: each.min_quantity, priceCents: Number(each.price_cents) })),
      });
    } else if (rule.category_id !== null) list.categories.set(rule.category_id, rule.percent_off_bp!);
    else list.allParts = rule.percent_off_bp;
  }
  return [...lists.values()];
}

/** A buyer's lists in the order they are consulted, each with its percentage off every part (or none). */
export type ContractOrder = { id: number; fixedEvenIfHigher: boolean; allPartsBp: number | null }[];

/** The lists that price for a buyer today, for the catalog to sort by the buyer's price; [] when none. */
export async function contractOrderFor(
  whom: PricedFor,
  { executor = db, day = storeToday() }: DbOptions & { day?: string } = {},
): Promise<ContractOrder> {
  if (!whom) return [];
  const ordered = await assignedLists(whom, { executor, day });
  if (!ordered.length) return [];
  const allParts = await executor
    .selectFrom("price_list_rules")
    .select(["price_list_id", "percent_off_bp"])
    .where(
      "price_list_id",
      "in",
      ordered.map((row) => row.id),
    )
    .where("item_id", "is", null)
    .where("category_id", "is", null)
    .execute();
  const allOf = new Map(allParts.map((rule) => [rule.price_list_id, rule.percent_off_bp]));
  return ordered.map((row) => ({
    id: row.id,
    fixedEvenIfHigher: row.fixed_even_if_higher === 1,
    allPartsBp: allOf.get(row.id) ?? null,
  }));
}

/**
 * A part's unit price for one unit to a buyer with these lists, as SQL over `items` (the catalog's
 * sort by price): the rule of buyerUnitPrice (app/lib/contract-prices.ts) — the first list with a
 * rule for the part decides, its part price before its category's percentage before its all-parts
 * percentage, charged only when lower than list price unless the list is fixed even if higher.
 */
export function buyerUnitPriceSql(lists: ContractOrder): RawBuilder<number> {
  const listPrice = sql<number>`items.price_cents`;
  if (!lists.length) return listPrice;
  const percentOff = (basisPoints: Expression<number> | number) =>
    sql<number>`(items.price_cents - ((items.price_cents * ${basisPoints} + 5000) / 10000))`;
  const branches = lists.flatMap((list) => {
    const capped = (price: RawBuilder<number>) =>
      list.fixedEvenIfHigher
        ? price
        : sql<number>`(case when ${price} < ${listPrice} then ${price} else ${listPrice} end)`;
    const partPrice = sql<number>`(select rule.unit_price_cents from price_list_rules rule where rule.price_list_id = ${sql.lit(Math.trunc(list.id))} and rule.item_id = items.id)`;
    const categoryOff = sql<number>`(select rule.percent_off_bp from price_list_rules rule where rule.price_list_id = ${sql.lit(Math.trunc(list.id))} and rule.category_id = items.category_id)`;
    const whens = [
      sql`when ${partPrice} is not null then ${capped(partPrice)}`,
      sql`when ${categoryOff} is not null then ${capped(percentOff(categoryOff))}`,
    ];
    // Written into the SQL as integers: SQLite binds a JavaScript number as a real, and the percentage's
    // division must be whole-number division, as the price function's is.
    if (list.allPartsBp !== null) {
      whens.push(sql`when 1 = 1 then ${capped(percentOff(sql.lit(Math.trunc(list.allPartsBp))))}`);
    }
    return whens;
  });
  return sql<number>`(case ${sql.join(branches, sql` `)} else ${listPrice} end)`;
}
