import { db } from "~/db/db.server";

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

/** A list with its rules (part, category or all parts, with breaks) and whom it is assigned to. */
export async function getPriceList(id: number) {
  const list = await db
    .selectFrom("price_lists")
    .select(["id", "name", "valid_from", "valid_until", "fixed_even_if_higher"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!list) return undefined;
  const [rules, breaks, assignments] = await Promise.all([
    db
      .selectFrom("price_list_rules")
      .leftJoin("items", "items.id", "price_list_rules.item_id")
      .leftJoin("categories", "categories.id", "price_list_rules.category_id")
      .select([
        "price_list_rules.id",
        "price_list_rules.unit_price_cents",
        "price_list_rules.percent_off_bp",
        "items.part_number",
        "items.name as item_name",
        "items.price_cents as list_price_cents",
        "categories.name as category_name",
      ])
      .where("price_list_rules.price_list_id", "=", id)
      .orderBy("price_list_rules.id")
      .execute(),
    db
      .selectFrom("price_list_rule_breaks")
      .innerJoin("price_list_rules", "price_list_rules.id", "price_list_rule_breaks.rule_id")
      .select([
        "price_list_rule_breaks.rule_id",
        "price_list_rule_breaks.min_quantity",
        "price_list_rule_breaks.price_cents",
      ])
      .where("price_list_rules.price_list_id", "=", id)
      .orderBy("price_list_rule_breaks.min_quantity")
      .execute(),
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
  return {
    ...list,
    rules: rules.map((rule) => ({
      ...rule,
      unit_price_cents: rule.unit_price_cents === null ? null : Number(rule.unit_price_cents),
      list_price_cents: rule.list_price_cents === null ? null : Number(rule.list_price_cents),
      breaks: breaks
        .filter((each) => each.rule_id === rule.id)
        .map((each) => ({ minQuantity: each.min_quantity, priceCents: Number(each.price_cents) })),
    })),
    assignments,
  };
}

export type PriceListDetail = NonNullable<Awaited<ReturnType<typeof getPriceList>>>;
