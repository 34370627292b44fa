// Reading companies: the list staff see, one company with its members, invitations and credit, and a
// person's membership (which company, what role, what limits).

import { db, type DbOptions, now } from "~/db/db.server";
import { creditUsed } from "~/models/trade-terms.server";

export type MemberLimits = { orderLimitCents: number | null; monthlyLimitCents: number | null };
export type CompanyTerms = {
  name: string;
  vatNumber: string | null;
  /** "0088:5790000435968"; left out, an update keeps the one it has. */
  peppolId?: string | null;
  /** Whether shipped mail carries the e-invoice; left out, an update keeps what it was. */
  eInvoiceByMail?: boolean;
  paymentTermsDays: number | null;
  creditLimitCents: number;
};

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
    .select(["id", "name", "vat_number", "peppol_id", "e_invoice_by_mail", "payment_terms_days", "credit_limit_cents"])
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
