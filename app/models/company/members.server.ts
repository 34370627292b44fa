// A company's members: a role or limits changed, a member removed (never the last admin), and a
// person added (by staff, or by an invitation accepted).
import { sql } from "kysely";

import { db, now } from "~/db/db.server";
import type { CompanyRole } from "~/lib/companies";
import { normalizeEmail } from "~/models/user.server";

import { type MemberLimits, membershipOf } from "./reading.server";

export type MemberChangeResult = { ok: true } | { ok: false; reason: "not-found" | "last-admin" };

/**
 * A member's role and limits changed, or the member removed (`remove`), never leaving the company
 * without a company admin.
 */
export function changeMember(
  companyId: number,
  userId: number,
  change: ({ role: CompanyRole } & MemberLimits) | "remove",
): Promise<MemberChangeResult> {
  return db.transaction().execute(async (trx): Promise<MemberChangeResult> => {
    const member = await trx
      .selectFrom("company_members")
      .select("role")
      .where("company_id", "=", companyId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!member) return { ok: false, reason: "not-found" };
    const staysAdmin = change !== "remove" && change.role === "admin";
    if (member.role === "admin" && !staysAdmin) {
      const admins = await trx
        .selectFrom("company_members")
        .select(sql<number>`count(*)`.as("n"))
        .where("company_id", "=", companyId)
        .where("role", "=", "admin")
        .executeTakeFirstOrThrow();
      if (Number(admins.n) <= 1) return { ok: false, reason: "last-admin" };
    }
    if (change === "remove") {
      await trx
        .deleteFrom("company_members")
        .where("company_id", "=", companyId)
        .where("user_id", "=", userId)
        .execute();
    } else {
      await trx
        .updateTable("company_members")
        .set({
          role: change.role,
          order_limit_cents: change.orderLimitCents,
          monthly_limit_cents: change.monthlyLimitCents,
        })
        .where("company_id", "=", companyId)
        .where("user_id", "=", userId)
        .execute();
    }
    return { ok: true };
  });
}

/** Staff add an existing account to a company directly. */
export async function addMember(
  companyId: number,
  email: string,
  member: { role: CompanyRole } & MemberLimits,
): Promise<{ ok: true } | { ok: false; reason: "no-account" | "already-member" }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
    if (!user) return { ok: false as const, reason: "no-account" as const };
    if (await membershipOf(user.id, { executor: trx }))
      return { ok: false as const, reason: "already-member" as const };
    await trx
      .insertInto("company_members")
      .values({
        company_id: companyId,
        user_id: user.id,
        role: member.role,
        order_limit_cents: member.orderLimitCents,
        monthly_limit_cents: member.monthlyLimitCents,
        created_at: now(),
      })
      .execute();
    return { ok: true as const };
  });
}
