import { db, isUniqueViolation, now } from "~/db/db.server";
import type { PriceBreak } from "~/lib/pricing";
import { holdPartsInIdOrder } from "~/models/part-locks.server";

export type NewPriceList = {
  name: string;
  validFrom: string | null;
  validUntil: string | null;
  fixedEvenIfHigher: boolean;
};

export async function createPriceList(list: NewPriceList) {
  const timestamp = now();
  const row = await db
    .insertInto("price_lists")
    .values({
      name: list.name,
      valid_from: list.validFrom,
      valid_until: list.validUntil,
      fixed_even_if_higher: list.fixedEvenIfHigher ? 1 : 0,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a rule prices: one part at a fixed price (with its own breaks), or a percentage off a category or all parts. */
export type NewRule =
  | { kind: "part"; partNumber: string; unitPriceCents: number; breaks: PriceBreak[] }
  | { kind: "category"; categorySlug: string; percentOffBp: number }
  | { kind: "all"; percentOffBp: number };

export type AddRuleResult = { ok: true } | { ok: false; reason: "no-list" | "no-part" | "no-category" | "exists" };

/** Adds a rule and its breaks in one transaction; a list holds one rule per part, per category and for all parts. */
export async function addPriceListRule(listId: number, rule: NewRule): Promise<AddRuleResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<AddRuleResult> => {
      const list = await trx.selectFrom("price_lists").select("id").where("id", "=", listId).executeTakeFirst();
      if (!list) return { ok: false, reason: "no-list" };
      let values;
      if (rule.kind === "part") {
        const item = await trx
          .selectFrom("items")
          .select("id")
          .where("part_number", "=", rule.partNumber)
          .executeTakeFirst();
        if (!item) return { ok: false, reason: "no-part" };
        values = { item_id: item.id, unit_price_cents: rule.unitPriceCents };
      } else if (rule.kind === "category") {
        const category = await trx
          .selectFrom("categories")
          .select("id")
          .where("slug", "=", rule.categorySlug)
          .executeTakeFirst();
        if (!category) return { ok: false, reason: "no-category" };
        values = { category_id: category.id, percent_off_bp: rule.percentOffBp };
      } else values = { percent_off_bp: rule.percentOffBp };
      const inserted = await trx
        .insertInto("price_list_rules")
        .values({ price_list_id: listId, ...values })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (rule.kind === "part" && rule.breaks.length) {
        await trx
          .insertInto("price_list_rule_breaks")
          .values(
            rule.breaks.map((each) => ({
              rule_id: inserted.id,
              min_quantity: each.minQuantity,
              price_cents: each.priceCents,
            })),
          )
          .execute();
      }
      await trx.updateTable("price_lists").set({ updated_at: now() }).where("id", "=", listId).execute();
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "exists" };
    throw error;
  }
}

/** Removes a rule; the list's rules changed, so a file checked before is refused at Apply. */
export async function removePriceListRule(listId: number, ruleId: number) {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("price_list_rules")
      .where("id", "=", ruleId)
      .where("price_list_id", "=", listId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await trx.updateTable("price_lists").set({ updated_at: now() }).where("id", "=", listId).execute();
    return true;
  });
}

export type Assignee = { email: string } | { companyId: number };

export type AssignResult =
  | { ok: true }
  | { ok: false; reason: "no-list" | "no-account" | "no-company" }
  | { ok: false; reason: "overlap"; listName: string };

/**
 * Assigns a list to a customer or a company with a priority; assigning it again changes the
 * priority. Refused when another list of theirs at the same priority prices on any of the same
 * days: which of the two applied would then depend on which was made last, not on staff's order.
 */
export async function assignPriceList(listId: number, whom: Assignee, priority: number): Promise<AssignResult> {
  return db.transaction().execute(async (trx): Promise<AssignResult> => {
    const list = await trx
      .selectFrom("price_lists")
      .select(["id", "valid_from", "valid_until"])
      .where("id", "=", listId)
      .executeTakeFirst();
    if (!list) return { ok: false, reason: "no-list" };
    let target: { user_id: number } | { company_id: number };
    if ("email" in whom) {
      const user = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", whom.email.toLowerCase())
        .executeTakeFirst();
      if (!user) return { ok: false, reason: "no-account" };
      target = { user_id: user.id };
    } else {
      const company = await trx
        .selectFrom("companies")
        .select("id")
        .where("id", "=", whom.companyId)
        .executeTakeFirst();
      if (!company) return { ok: false, reason: "no-company" };
      target = { company_id: company.id };
    }
    const [column, id] =
      "user_id" in target ? (["user_id", target.user_id] as const) : (["company_id", target.company_id] as const);
    const clash = await trx
      .selectFrom("price_list_assignments")
      .innerJoin("price_lists", "price_lists.id", "price_list_assignments.price_list_id")
      .select("price_lists.name")
      .where(`price_list_assignments.${column}`, "=", id)
      .where("price_list_assignments.priority", "=", priority)
      .where("price_lists.id", "<>", listId)
      .where((eb) =>
        eb.and([
          ...(list.valid_until === null
            ? []
            : [
                eb.or([eb("price_lists.valid_from", "is", null), eb("price_lists.valid_from", "<=", list.valid_until)]),
              ]),
          ...(list.valid_from === null
            ? []
            : [
                eb.or([
                  eb("price_lists.valid_until", "is", null),
                  eb("price_lists.valid_until", ">=", list.valid_from),
                ]),
              ]),
        ]),
      )
      .executeTakeFirst();
    if (clash) return { ok: false, reason: "overlap", listName: clash.name };
    const existing = await trx
      .selectFrom("price_list_assignments")
      .select("id")
      .where("price_list_id", "=", listId)
      .where(column, "=", id)
      .executeTakeFirst();
    if (existing) {
      await trx.updateTable("price_list_assignments").set({ priority }).where("id", "=", existing.id).execute();
    } else {
      await trx
        .insertInto("price_list_assignments")
        .values({ price_list_id: listId, ...target, priority })
        .execute();
    }
    return { ok: true };
  });
}

export async function removePriceListAssignment(listId: number, assignmentId: number) {
  const result = await db
    .deleteFrom("price_list_assignments")
    .where("id", "=", assignmentId)
    .where("price_list_id", "=", listId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A day a year on: 29 February becomes 28 February. */
function nextYear(day: string | null) {
  if (!day) return null;
  const [year, month, date] = day.split("-").map(Number);
  const moved = new Date(Date.UTC(year + 1, month - 1, date));
  if (moved.getUTCMonth() !== month - 1) moved.setUTCDate(0);
  return moved.toISOString().slice(0, 10);
}

/**
 * A copy of a list for next year, in one transaction: its rules and their breaks, its days a year on
 * and, when it has days (so the two never price the same day), whom it is assigned to. Returns the
 * new list's id, or null when the list is gone.
 */
export async function duplicatePriceList(listId: number) {
  return db.transaction().execute(async (trx) => {
    const list = await trx.selectFrom("price_lists").selectAll().where("id", "=", listId).executeTakeFirst();
    if (!list) return null;
    const timestamp = now();
    const validFrom = nextYear(list.valid_from);
    const validUntil = nextYear(list.valid_until);
    const copy = await trx
      .insertInto("price_lists")
      .values({
        name: `${list.name} (next year)`.slice(0, 120),
        valid_from: validFrom,
        valid_until: validUntil,
        fixed_even_if_higher: list.fixed_even_if_higher,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rules = await trx.selectFrom("price_list_rules").selectAll().where("price_list_id", "=", listId).execute();
    await holdPartsInIdOrder(
      trx,
      rules.flatMap((rule) => (rule.item_id === null ? [] : [rule.item_id])),
    );
    for (const rule of rules) {
      const { id: ruleId } = await trx
        .insertInto("price_list_rules")
        .values({
          price_list_id: copy.id,
          item_id: rule.item_id,
          category_id: rule.category_id,
          unit_price_cents: rule.unit_price_cents,
          percent_off_bp: rule.percent_off_bp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const breaks = await trx
        .selectFrom("price_list_rule_breaks")
        .selectAll()
        .where("rule_id", "=", rule.id)
        .execute();
      if (breaks.length) {
        await trx
          .insertInto("price_list_rule_breaks")
          .values(breaks.map((each) => ({ ...each, rule_id: ruleId })))
          .execute();
      }
    }
    if (list.valid_from || list.valid_until) {
      const assignments = await trx
        .selectFrom("price_list_assignments")
        .select(["user_id", "company_id", "priority"])
        .where("price_list_id", "=", listId)
        .execute();
      if (assignments.length) {
        await trx
          .insertInto("price_list_assignments")
          .values(assignments.map((each) => ({ ...each, price_list_id: copy.id })))
          .execute();
      }
    }
    return copy.id;
  });
}
