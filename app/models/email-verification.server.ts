import { db, type Executor, isUniqueViolation, now } from "~/db/db.server";
import { verifyEmailMessage } from "~/mail/messages.server";
import { enqueueMessage, releaseHeldMessages } from "~/mail/outbox.server";

import { issueEmailToken, retireEmailTokens, useEmailToken } from "./email-tokens.server";
import { normalizeEmail } from "./user.server";

export const VERIFY_TOKEN_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Sends a link that proves an address: the account's own, or `newEmail`, which becomes the
 * account's address only when its link is followed.
 */
export async function sendEmailProof(
  executor: Executor,
  user: { id: number; email: string; display_name: string },
  newEmail?: string,
) {
  const to = newEmail ? normalizeEmail(newEmail) : user.email;
  const token = await issueEmailToken(executor, {
    userId: user.id,
    purpose: "verify",
    lifetimeMs: VERIFY_TOKEN_LIFETIME_MS,
    newEmail: newEmail ? to : null,
  });
  await enqueueMessage(executor, {
    ...verifyEmailMessage(user.display_name, token, Boolean(newEmail)),
    kind: "verify-email",
    recipient: to,
  });
}

export type ProofResult =
  { ok: true; userId: number; email: string | null } | { ok: false; reason: "unusable" | "taken" };

/**
 * Follows a proof link once: the account's email is proven (`email_verified_at`), a change of
 * address takes effect, unless another account took that address meanwhile, and the mail held
 * for the account until now goes out to the proven address, all in one transaction.
 */
export async function proveEmail(token: string): Promise<ProofResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const used = await useEmailToken(trx, token, "verify");
      if (!used) return { ok: false, reason: "unusable" };
      const proven = await trx
        .updateTable("users")
        .set({ email_verified_at: now(), ...(used.new_email ? { email: used.new_email } : {}) })
        .where("id", "=", used.user_id)
        .returning("email")
        .executeTakeFirstOrThrow();
      await releaseHeldMessages(trx, used.user_id, proven.email);
      await retireEmailTokens(trx, used.user_id, "verify");
      return { ok: true, userId: used.user_id, email: used.new_email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

/** An email address no account uses (a change of address must not take another's). */
export async function isEmailFree(email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row === undefined;
}
