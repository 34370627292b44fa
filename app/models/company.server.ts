import { sql } from "kysely";

import { db, type DbOptions, now } from "~/db/db.server";
import type { CompanyRole } from "~/lib/companies";
import { hashOf, newLinkToken } from "~/models/email-tokens.server";
import { creditUsed } from "~/models/trade-terms.server";
import { normalizeEmail } from "~/models/user.server";

// Company accounts (issue 27, docs/decisions/0035-companies.md): the firm, its members with their
// roles and limits, and the emailed invitations that add members.

export type MemberLimits = { orderLimitCents: number | null; monthlyLimitCents: number | null };
export type CompanyTerms = {
  name: string;
  vatNumber: string | null;
  paymentTermsDays: number | null;
  creditLimitCents: number;
};

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

/** Every company for staff, with its members counted and what it owes on account now. */
export async function listCompanies() {
  const companies = await db
    .selectFrom("companies")
    .select(["id", "name", "vat_number", "payment_terms_days", "credit_limit_cents"])
    .select((eb) =>
      eb
        .selectFrom("company_members")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("company_members.company_id", "=", "companies.id")
        .as("member_count"),
    )
    .orderBy("name")
    .limit(500)
    .execute();
  return Promise.all(
    companies.map(async (company) => ({
      ...company,
      member_count: Number(company.member_count ?? 0),
      credit_limit_cents: Number(company.credit_limit_cents),
      credit_used_cents: company.payment_terms_days === null ? 0 : await creditUsed(company.id),
    })),
  );
}

/** One company with its members and open invitations, as its pages show it. */
export async function getCompany(companyId: number) {
  const company = await db
    .selectFrom("companies")
    .select(["id", "name", "vat_number", "payment_terms_days", "credit_limit_cents"])
    .where("id", "=", companyId)
    .executeTakeFirst();
  if (!company) return undefined;
  const [members, invitations, creditUsedCents] = await Promise.all([
    db
      .selectFrom("company_members")
      .innerJoin("users", "users.id", "company_members.user_id")
      .select([
        "users.id",
        "users.display_name",
        "users.email",
        "company_members.role",
        "company_members.order_limit_cents",
        "company_members.monthly_limit_cents",
      ])
      .where("company_members.company_id", "=", companyId)
      .orderBy("users.display_name")
      .execute(),
    db
      .selectFrom("company_invitations")
      .select(["id", "email", "role", "expires_at"])
      .where("company_id", "=", companyId)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", now())
      .orderBy("id")
      .execute(),
    // What it owes counts only for a company on account.
    company.payment_terms_days === null ? 0 : creditUsed(companyId),
  ]);
  return {
    ...company,
    credit_limit_cents: Number(company.credit_limit_cents),
    credit_used_cents: creditUsedCents,
    members: members.map((member) => ({
      ...member,
      order_limit_cents: member.order_limit_cents === null ? null : Number(member.order_limit_cents),
      monthly_limit_cents: member.monthly_limit_cents === null ? null : Number(member.monthly_limit_cents),
    })),
    invitations,
  };
}

export type CompanyDetail = NonNullable<Awaited<ReturnType<typeof getCompany>>>;

/** The company an account belongs to and its role there, or undefined. */
export function membershipOf(userId: number, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("company_members")
    .innerJoin("companies", "companies.id", "company_members.company_id")
    .select(["companies.id as company_id", "companies.name as company_name", "company_members.role"])
    .where("company_members.user_id", "=", userId)
    .executeTakeFirst();
}

export type Membership = NonNullable<Awaited<ReturnType<typeof membershipOf>>>;

export type CreateCompanyResult =
  { ok: true; companyId: number } | { ok: false; reason: "no-account" | "already-member" };

/**
 * A new company with its first company admin, an existing account (a customer becoming a company),
 * in one transaction.
 */
export function createCompany(terms: CompanyTerms & { adminEmail: string }): Promise<CreateCompanyResult> {
  return db.transaction().execute(async (trx): Promise<CreateCompanyResult> => {
    const admin = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", normalizeEmail(terms.adminEmail))
      .executeTakeFirst();
    if (!admin) return { ok: false, reason: "no-account" };
    if (await membershipOf(admin.id, { executor: trx })) return { ok: false, reason: "already-member" };
    const timestamp = now();
    const company = await trx
      .insertInto("companies")
      .values({
        name: terms.name,
        vat_number: terms.vatNumber,
        payment_terms_days: terms.paymentTermsDays,
        credit_limit_cents: terms.creditLimitCents,
        created_at: timestamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("company_members")
      .values({ company_id: company.id, user_id: admin.id, role: "admin", created_at: timestamp })
      .execute();
    return { ok: true, companyId: company.id };
  });
}

/** Staff change a company's name, VAT number and trade terms. */
export async function updateCompanyTerms(companyId: number, terms: CompanyTerms) {
  const updated = await db
    .updateTable("companies")
    .set({
      name: terms.name,
      vat_number: terms.vatNumber,
      payment_terms_days: terms.paymentTermsDays,
      credit_limit_cents: terms.creditLimitCents,
    })
    .where("id", "=", companyId)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

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

export type Invitation = { email: string; role: CompanyRole } & MemberLimits;

/** An invitation's row and the token for its link (only its hash is kept), written with `executor`. */
export async function createInvitation(
  companyId: number,
  invitation: Invitation,
  invitedBy: number | null,
  { executor = db }: DbOptions = {},
) {
  const { token, hash } = newLinkToken();
  await executor
    .insertInto("company_invitations")
    .values({
      company_id: companyId,
      email: normalizeEmail(invitation.email),
      role: invitation.role,
      order_limit_cents: invitation.orderLimitCents,
      monthly_limit_cents: invitation.monthlyLimitCents,
      token_hash: hash,
      invited_by: invitedBy,
      expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS).toISOString(),
      created_at: now(),
    })
    .execute();
  return token;
}

/** The open invitation a link's token stands for, with its company's name, or undefined. */
export function invitationByToken(token: string, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("company_invitations")
    .innerJoin("companies", "companies.id", "company_invitations.company_id")
    .select([
      "company_invitations.id",
      "company_invitations.company_id",
      "companies.name as company_name",
      "company_invitations.email",
      "company_invitations.role",
      "company_invitations.order_limit_cents",
      "company_invitations.monthly_limit_cents",
    ])
    .where("company_invitations.token_hash", "=", hashOf(token))
    .where("company_invitations.accepted_at", "is", null)
    .where("company_invitations.expires_at", ">", now())
    .executeTakeFirst();
}

export type JoinResult =
  | { ok: true; companyId: number; companyName: string }
  | { ok: false; reason: "not-found" | "other-email" | "already-member" };

/**
 * The signed-in account joins the company its invitation names, once: only the invited address may
 * use it (a forwarded link does not make a stranger a buyer), and an account is in one company.
 */
export function acceptInvitation(token: string, user: { id: number; email: string }): Promise<JoinResult> {
  return db.transaction().execute(async (trx): Promise<JoinResult> => {
    const invitation = await invitationByToken(token, { executor: trx });
    if (!invitation) return { ok: false, reason: "not-found" };
    if (normalizeEmail(user.email) !== invitation.email) return { ok: false, reason: "other-email" };
    if (await membershipOf(user.id, { executor: trx })) return { ok: false, reason: "already-member" };
    const claimed = await trx
      .updateTable("company_invitations")
      .set({ accepted_at: now() })
      .where("id", "=", invitation.id)
      .where("accepted_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return { ok: false, reason: "not-found" };
    await trx
      .insertInto("company_members")
      .values({
        company_id: invitation.company_id,
        user_id: user.id,
        role: invitation.role,
        order_limit_cents: invitation.order_limit_cents,
        monthly_limit_cents: invitation.monthly_limit_cents,
        created_at: now(),
      })
      .execute();
    return { ok: true, companyId: invitation.company_id, companyName: invitation.company_name };
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
