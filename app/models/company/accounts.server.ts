// A company account opened by staff with its first admin, and its trade terms changed.

import { db, now } from "~/db/db.server";
import { normalizeEmail } from "~/models/user.server";

import { type CompanyTerms, membershipOf } from "./reading.server";

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
        peppol_id: terms.peppolId ?? null,
        e_invoice_by_mail: terms.eInvoiceByMail ? 1 : 0,
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

/** Staff change a company's name, VAT number, Peppol ID and trade terms. */
export async function updateCompanyTerms(companyId: number, terms: CompanyTerms) {
  const updated = await db
    .updateTable("companies")
    .set({
      name: terms.name,
      vat_number: terms.vatNumber,
      ...(terms.peppolId === undefined ? {} : { peppol_id: terms.peppolId }),
      ...(terms.eInvoiceByMail === undefined ? {} : { e_invoice_by_mail: terms.eInvoiceByMail ? 1 : 0 }),
      payment_terms_days: terms.paymentTermsDays,
      credit_limit_cents: terms.creditLimitCents,
    })
    .where("id", "=", companyId)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}
