import { hashPassword } from "~/auth/password.server";
import { db } from "~/db/db.server";
import { passwordResetMessage } from "~/mail/messages.server";
import { enqueueMessage } from "~/mail/outbox.server";

import { revokeApiKeysOf } from "./api-key.server";
import { isEmailTokenUsable, issueEmailToken, retireEmailTokens, useEmailToken } from "./email-tokens.server";
import { normalizeEmail } from "./user.server";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * "Forgot password": for an account with this email, a token valid an hour and the message with its
 * link, in one transaction. For an unknown email nothing happens; the caller answers the same.
 */
export async function requestPasswordReset(email: string) {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "display_name"])
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
    if (!user) return;
    const token = await issueEmailToken(trx, {
      userId: user.id,
      purpose: "reset",
      lifetimeMs: RESET_TOKEN_LIFETIME_MS,
    });
    await enqueueMessage(trx, {
      ...passwordResetMessage(user.display_name, token),
      kind: "password-reset",
      recipient: user.email,
    });
  });
}

/** Whether a reset link can still be used: the page says so before the visitor types a password. */
export function isResetTokenUsable(token: string) {
  return isEmailTokenUsable(db, token, "reset");
}

/**
 * Sets the new password with an unused, unexpired token and uses it up (two posts of one link change
 * the password once). The token is looked up before the password is hashed: a wrong one costs a
 * read, not a hash, so a flood of made-up tokens cannot keep the hashing slots from sign-ins.
 *
 * Every session of the account ends and every API key it made is revoked in the same transaction:
 * whoever resets a password may be taking the account back from a thief. The caller signs this
 * browser in afresh.
 */
export async function resetPassword(token: string, newPassword: string) {
  if (!(await isResetTokenUsable(token))) return null;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    // Used up here, conditionally: of two posts that both passed the look-up, one gets the row.
    const used = await useEmailToken(trx, token, "reset");
    if (!used) return null;
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", used.user_id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", used.user_id).execute();
    await revokeApiKeysOf(used.user_id, trx);
    await retireEmailTokens(trx, used.user_id, "reset");
    return { id: used.user_id };
  });
}
