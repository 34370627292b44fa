import { db, type DbOptions } from "~/db/db.server";
import { hashPassword } from "~/lib/password.server";

import { revokeApiKeysOf } from "./api-key.server";
import { isEmailTokenUsable, issueEmailToken, redeemEmailToken, retireEmailTokens } from "./email-tokens.server";
import { normalizeEmail } from "./user.server";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * "Forgot password": for an account with this email, a token valid an hour (its message is the
 * password-reset service's). Undefined for an unknown email; the caller answers the same.
 */
export async function issuePasswordResetToken(email: string, { executor = db }: DbOptions = {}) {
  const user = await executor
    .selectFrom("users")
    .select(["id", "email", "display_name"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!user) return undefined;
  const token = await issueEmailToken(
    { userId: user.id, purpose: "reset", lifetimeMs: RESET_TOKEN_LIFETIME_MS },
    { executor },
  );
  return { user, token };
}

/** Whether a reset link can still be used: the page says so before the visitor types a password. */
export function isResetTokenUsable(token: string) {
  return isEmailTokenUsable(token, "reset");
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
    const used = await redeemEmailToken(token, "reset", { executor: trx });
    if (!used) return null;
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", used.user_id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", used.user_id).execute();
    await revokeApiKeysOf(used.user_id, { executor: trx });
    await retireEmailTokens(used.user_id, "reset", { executor: trx });
    return { id: used.user_id };
  });
}
