import type { CompanyRole } from "~/lib/companies";
import { addMember, changeMember } from "~/models/company";
import { inviteToCompany } from "~/services/companies.server";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

// The answers to a company's member forms, shared by the company admin's page and staff's.

type MemberFields = { role: CompanyRole; orderLimit: number | null; monthlyLimit: number | null };

const limitsOf = (fields: MemberFields) => ({
  role: fields.role,
  orderLimitCents: fields.orderLimit,
  monthlyLimitCents: fields.monthlyLimit,
});

const LAST_ADMIN = "A company needs a company admin: make someone else one first.";

export async function updateMemberReply(companyId: number, value: MemberFields & { userId: number }, backTo: string) {
  const result = await changeMember(companyId, value.userId, limitsOf(value));
  if (!result.ok)
    return refuse(
      result.reason === "last-admin" ? 409 : 404,
      result.reason === "last-admin" ? LAST_ADMIN : "That member is not in this company.",
    );
  return redirectWithFlash(backTo, "Member saved.");
}

export async function removeMemberReply(companyId: number, userId: number, backTo: string) {
  const result = await changeMember(companyId, userId, "remove");
  if (!result.ok)
    return refuse(
      result.reason === "last-admin" ? 409 : 404,
      result.reason === "last-admin" ? LAST_ADMIN : "That member is not in this company.",
    );
  return redirectWithFlash(backTo, "Member removed from the company.");
}

export async function addMemberReply(companyId: number, value: MemberFields & { email: string }, backTo: string) {
  const result = await addMember(companyId, value.email, limitsOf(value));
  if (!result.ok) {
    return refuse(409, {
      fieldErrors: {
        email: [
          result.reason === "no-account"
            ? "No account has this email: ask them to sign up, or send an invitation from their company's page."
            : "This account is already a member of a company.",
        ],
      },
    });
  }
  return redirectWithFlash(backTo, `${value.email} added to the company.`);
}

export async function inviteReply(
  company: { id: number; name: string },
  value: MemberFields & { email: string },
  inviter: { id: number; name: string },
  backTo: string,
) {
  await inviteToCompany(company, { email: value.email, ...limitsOf(value) }, inviter);
  return redirectWithFlash(backTo, `Invitation sent to ${value.email}. The link works for 7 days.`);
}
