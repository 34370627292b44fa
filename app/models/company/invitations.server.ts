// Invitations: a member's address asked to join, with its role and limits, by a link mailed to it
// that lives a week; accepted once, by the account with that address.

import { db, type DbOptions, now } from "~/db/db.server";
import type { CompanyRole } from "~/lib/companies";
import { hashOf, newLinkToken } from "~/models/email-tokens.server";
import { normalizeEmail } from "~/models/user.server";

import { type MemberLimits, membershipOf } from "./reading.server";

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

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
