import type { Transaction } from "kysely";

import { db, type DbOptions } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { hashPassword } from "~/lib/password.server";

import { endCredentials, type EndedCredentials } from "./credentials.server";
import { issueEmailToken, redeemEmailToken, usableTokenOwner } from "./email-tokens.server";
import { normalizeEmail } from "./user.server";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * "Forgot password": for an account with this email, a token valid an hour (its message is the
 * password-reset service's); the account's earlier links stop working, so only the newest does.
 * Undefined for an unknown email; the caller answers the same.
 */
export async function issuePasswordResetToken(email: string, { executor = db }: DbOptions = {}) {
  const user = await executor
    .selectFrom("users")
    .select(["id", "email", "display_name"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!user) return undefined;
  await endCredentials(user.id, "reset link asked for", { executor });
  const token = await issueEmailToken(
    { userId: user.id, purpose: "reset", lifetimeMs: RESET_TOKEN_LIFETIME_MS },
    { executor },
  );
  return { user, token };
}

/**
 * The account a reset link can still be used for, or undefined: the page asks before the visitor
 * types a password, and the action before the password is checked against the account's name and
 * address and hashed.
 */
export function resetTokenOwner(token: string) {
  return usableTokenOwner(token, "reset");
}

/**
 * Sets the new password with an unused, unexpired token and uses it up (two posts of one link change
 * the password once). The token is looked up before the password is hashed: a wrong one costs a
 * read, not a hash, so a flood of made-up tokens cannot keep the hashing slots from sign-ins.
 *
 * In the same transaction it ends what a reset ends (every session, the API keys, the other reset
 * links, pending changes of address, a Google link to another address: ENDED_BY): whoever resets a
 * password may be taking the account back from a thief. `andThen` adds the notice; the caller signs
 * this browser in afresh.
 */
export async function resetPassword(
  token: string,
  newPassword: string,
  andThen?: (trx: Transaction<Database>, userId: number, ended: EndedCredentials) => Promise<void>,
) {
  if (!(await resetTokenOwner(token))) return null;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    // Used up here, conditionally: of two posts that both passed the look-up, one gets the row.
    const used = await redeemEmailToken(token, "reset", { executor: trx });
    if (!used) return null;
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", used.user_id).execute();
    const ended = await endCredentials(used.user_id, "password reset", { executor: trx });
    await andThen?.(trx, used.user_id, ended);
    return { id: used.user_id, ended };
  });
}
