import { createHash, randomBytes } from "node:crypto";

import { hashPassword } from "~/auth/password.server";
import { db, now } from "~/db/db.server";
import { passwordResetMessage } from "~/mail/messages.server";
import { enqueueMessage } from "~/mail/outbox.server";

import { normalizeEmail } from "./user.server";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

function hashOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * "Forgot password": for an account with this email, a random token (its hash stored, valid an
 * hour) and the message with its link, in one transaction. For an unknown email nothing happens,
 * and the caller answers the same either way.
 */
export async function requestPasswordReset(email: string) {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "display_name"])
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
    if (!user) return;
    const token = randomBytes(32).toString("base64url");
    const timestamp = now();
    await trx
      .insertInto("email_tokens")
      .values({
        user_id: user.id,
        purpose: "reset",
        token_hash: hashOf(token),
        expires_at: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS).toISOString(),
        created_at: timestamp,
      })
      .execute();
    await enqueueMessage(trx, {
      ...passwordResetMessage(user.display_name, token),
      kind: "password-reset",
      recipient: user.email,
    });
  });
}

function usableToken(token: string) {
  return db
    .selectFrom("email_tokens")
    .select(["id", "user_id"])
    .where("token_hash", "=", hashOf(token))
    .where("purpose", "=", "reset")
    .where("used_at", "is", null)
    .where("expires_at", ">", now());
}

/** Whether a reset link can still be used: the page says so before the visitor types a password. */
export async function isResetTokenUsable(token: string) {
  return (await usableToken(token).executeTakeFirst()) !== undefined;
}

/**
 * Sets the new password with a token that is unused and unexpired, and uses it up: the token is
 * marked used by a conditional UPDATE, so two posts of one link change the password once. Every
 * session of the account ends in the same transaction; the caller signs this browser in afresh.
 */
export async function resetPassword(token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("email_tokens")
      .set({ used_at: now() })
      .where("token_hash", "=", hashOf(token))
      .where("purpose", "=", "reset")
      .where("used_at", "is", null)
      .where("expires_at", ">", now())
      .returning("user_id")
      .executeTakeFirst();
    if (!used) return null;
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", used.user_id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", used.user_id).execute();
    // The other links of this account go too: one reset ends the matter.
    await trx
      .updateTable("email_tokens")
      .set({ used_at: now() })
      .where("user_id", "=", used.user_id)
      .where("purpose", "=", "reset")
      .where("used_at", "is", null)
      .execute();
    return { id: used.user_id };
  });
}
