import { db, type DbOptions, inTransaction, now } from "~/db/db.server";

import { endCredentials, type EndedCredentials, retirePendingEmailChanges } from "./credentials.server";
import { issueEmailToken, redeemEmailToken, retireEmailTokens } from "./email-tokens.server";
import { RESET_TOKEN_LIFETIME_MS } from "./password-reset.server";
import { normalizeEmail } from "./user.server";

export const VERIFY_TOKEN_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * A token for the link that proves an address: the account's own, or `newEmail`, which becomes the
 * account's address only when its link is followed. A change voids the account's earlier requests
 * (only the newest can be confirmed) and comes with a second token, for the link to the current
 * address that cancels it. Answers where the proof goes and the tokens.
 */
export async function issueEmailProofToken(
  user: { id: number; email: string },
  newEmail: string | undefined,
  { executor = db }: DbOptions = {},
) {
  const to = newEmail ? normalizeEmail(newEmail) : user.email;
  if (newEmail) await endCredentials(user.id, "email change asked for", { executor });
  const token = await issueEmailToken(
    { userId: user.id, purpose: "verify", lifetimeMs: VERIFY_TOKEN_LIFETIME_MS, newEmail: newEmail ? to : null },
    { executor },
  );
  const cancelToken = newEmail
    ? await issueEmailToken(
        { userId: user.id, purpose: "cancel-email-change", lifetimeMs: VERIFY_TOKEN_LIFETIME_MS },
        { executor },
      )
    : undefined;
  return { to, token, cancelToken };
}

export type ProofResult =
  | {
      ok: true;
      userId: number;
      displayName: string;
      /** The address before a change, when it had been proven: it is told of the change. */
      formerProvenEmail: string | null;
      /** The new address of a change (null when the account's own address was proven). */
      email: string | null;
      provenEmail: string;
      /** Set when a visitor proved it: what ended, and a reset link's token for choosing a password. */
      recovered?: { ended: EndedCredentials; resetToken: string };
    }
  | { ok: false; reason: "unusable" };

/**
 * Follows a proof link once: the account's email is proven (`email_verified_at`) and a change of
 * address takes effect. When someone not signed in to the account presses Confirm, the address's
 * owner has arrived, and whoever made the account (or moved it here) may be someone else: what
 * "address proven by its owner" ends, ends (sessions, keys, password and the rest), and a reset
 * token lets the owner choose a password (issue 57). When another account took the new address
 * meanwhile, the unique index refuses the write and the error leaves the transaction, so that the
 * link is not used up (see `proveEmail`).
 */
export function redeemEmailProof(
  token: string,
  provenBy: { signedInUserId: number | null },
  { executor = db }: DbOptions = {},
): Promise<ProofResult> {
  return inTransaction(executor, async (trx) => {
    const used = await redeemEmailToken(token, "verify", { executor: trx });
    if (!used) return { ok: false, reason: "unusable" };
    const before = await trx
      .selectFrom("users")
      .select(["email", "display_name", "email_verified_at"])
      .where("id", "=", used.user_id)
      .executeTakeFirstOrThrow();
    const proven = await trx
      .updateTable("users")
      .set({ email_verified_at: now(), ...(used.new_email ? { email: used.new_email } : {}) })
      .where("id", "=", used.user_id)
      .returning("email")
      .executeTakeFirstOrThrow();
    await retireEmailTokens(used.user_id, "verify", { executor: trx });
    if (used.new_email) await endCredentials(used.user_id, "email changed", { executor: trx });
    let recovered: { ended: EndedCredentials; resetToken: string } | undefined;
    if (provenBy.signedInUserId !== used.user_id) {
      const ended = await endCredentials(used.user_id, "address proven by its owner", { executor: trx });
      const resetToken = await issueEmailToken(
        { userId: used.user_id, purpose: "reset", lifetimeMs: RESET_TOKEN_LIFETIME_MS },
        { executor: trx },
      );
      recovered = { ended, resetToken };
    }
    return {
      ok: true,
      userId: used.user_id,
      displayName: before.display_name,
      formerProvenEmail: used.new_email && before.email_verified_at ? before.email : null,
      email: used.new_email,
      provenEmail: proven.email,
      recovered,
    };
  });
}

/** The cancel link sent to the old address: voids every change of address the account has asked for. */
export async function cancelEmailChange(token: string) {
  return db.transaction().execute(async (trx) => {
    const used = await redeemEmailToken(token, "cancel-email-change", { executor: trx });
    if (!used) return null;
    await retirePendingEmailChanges(used.user_id, { executor: trx });
    return { userId: used.user_id };
  });
}

/** An email address no account uses (a change of address must not take another's). */
export async function isEmailFree(email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row === undefined;
}
