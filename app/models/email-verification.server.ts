import { db, type DbOptions, inTransaction, now } from "~/db/db.server";

import { issueEmailToken, redeemEmailToken, retireEmailTokens } from "./email-tokens.server";
import { normalizeEmail } from "./user.server";

export const VERIFY_TOKEN_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * A token for the link that proves an address: the account's own, or `newEmail`, which becomes the
 * account's address only when its link is followed. Answers where the link goes and the token.
 */
export async function issueEmailProofToken(
  user: { id: number; email: string },
  newEmail: string | undefined,
  { executor = db }: DbOptions = {},
) {
  const to = newEmail ? normalizeEmail(newEmail) : user.email;
  const token = await issueEmailToken(
    { userId: user.id, purpose: "verify", lifetimeMs: VERIFY_TOKEN_LIFETIME_MS, newEmail: newEmail ? to : null },
    { executor },
  );
  return { to, token };
}

export type ProofResult =
  { ok: true; userId: number; email: string | null; provenEmail: string } | { ok: false; reason: "unusable" };

/**
 * Follows a proof link once: the account's email is proven (`email_verified_at`) and a change of
 * address takes effect. `email` is the new address of a change, `provenEmail` the account's address
 * now. When another account took the new address meanwhile, the unique index refuses the write and
 * the error leaves the transaction, so that the link is not used up (see `proveEmail`).
 */
export function redeemEmailProof(token: string, { executor = db }: DbOptions = {}): Promise<ProofResult> {
  return inTransaction(executor, async (trx) => {
    const used = await redeemEmailToken(token, "verify", { executor: trx });
    if (!used) return { ok: false, reason: "unusable" };
    const proven = await trx
      .updateTable("users")
      .set({ email_verified_at: now(), ...(used.new_email ? { email: used.new_email } : {}) })
      .where("id", "=", used.user_id)
      .returning("email")
      .executeTakeFirstOrThrow();
    await retireEmailTokens(used.user_id, "verify", { executor: trx });
    return { ok: true, userId: used.user_id, email: used.new_email, provenEmail: proven.email };
  });
}

/** An email address no account uses (a change of address must not take another's). */
export async function isEmailFree(email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row === undefined;
}
