import type { CompanyRole } from "~/lib/companies";
import { addMember, createCompany } from "~/models/company";

import { createSignedInUser } from "./users";

/**
 * A company with its admin, and members of the roles asked (each signed in), on account for
 * `paymentTermsDays` (null: pro-forma) up to `creditLimitCents`.
 */
export async function newCompany({
  paymentTermsDays = 30,
  creditLimitCents = 1_000_000,
  members = [],
  vatNumber = null,
  peppolId = null,
  eInvoiceByMail = false,
}: {
  eInvoiceByMail?: boolean;
  vatNumber?: string | null;
  peppolId?: string | null;
  paymentTermsDays?: number | null;
  creditLimitCents?: number;
  members?: { role: CompanyRole; orderLimitCents?: number | null; monthlyLimitCents?: number | null; name?: string }[];
} = {}) {
  const admin = await createSignedInUser({ displayName: "Carla Admin" });
  const created = await createCompany({
    name: "Northern Presswork Ltd",
    vatNumber,
    peppolId,
    eInvoiceByMail,
    paymentTermsDays,
    creditLimitCents,
    adminEmail: admin.user.email,
  });
  if (!created.ok) throw new Error(`newCompany: ${created.reason}`);
  const added = [];
  for (const member of members) {
    const signedIn = await createSignedInUser({ displayName: member.name ?? `A ${member.role}` });
    const result = await addMember(created.companyId, signedIn.user.email, {
      role: member.role,
      orderLimitCents: member.orderLimitCents ?? null,
      monthlyLimitCents: member.monthlyLimitCents ?? null,
    });
    if (!result.ok) throw new Error(`newCompany: ${result.reason}`);
    added.push(signedIn);
  }
  return { companyId: created.companyId, admin, members: added };
}
