import { data } from "@remix-run/node";

import { canApprove, type CompanyRole } from "~/lib/companies";
import { membershipOf } from "~/models/company";

import { requireUser } from "./permissions.server";

export const COMPANY_ADMINS_ONLY = "Only your company's admins can change its members.";
export const APPROVERS_ONLY = "Only your company's approvers and admins approve orders.";

/** The signed-in account and its company (null for a private customer); a visitor goes to sign in. */
export async function companyMemberOf(request: Request) {
  const user = await requireUser(request);
  return { user, membership: (await membershipOf(user.id)) ?? null };
}

/** The signed-in member whose role lets them do this; anyone else gets 403 with why. */
async function requireRole(request: Request, allowed: (role: CompanyRole) => boolean, refusal: string) {
  const { user, membership } = await companyMemberOf(request);
  if (!membership || !allowed(membership.role)) throw data(refusal, { status: 403 });
  return { ...user, membership };
}

/** A company admin: invites members and sets their roles and limits. */
export const requireCompanyAdmin = (request: Request) =>
  requireRole(request, (role) => role === "admin", COMPANY_ADMINS_ONLY);

/** An approver (or company admin): approves or rejects colleagues' orders over their limits. */
export const requireApprover = (request: Request) => requireRole(request, canApprove, APPROVERS_ONLY);

/**
 * The signed-in account with its company's id and its role there (null without one): a member reads
 * the orders, quotes, lists and invoices of their company as well as their own.
 */
export async function requireUserWithCompany(request: Request) {
  const { user, membership } = await companyMemberOf(request);
  return { ...user, companyId: membership?.company_id ?? null, companyRole: membership?.role ?? null };
}

export const COMPANY_ADDRESSES_ADMINS_ONLY = "Only your company's admins change its addresses.";
