import { db, type DbOptions, isUniqueViolation } from "~/db/db.server";
import { verifyEmailMessage } from "~/mail/messages.server";
import { enqueueMessage, releaseHeldMessages } from "~/mail/outbox.server";
import { issueEmailProofToken, type ProofResult, redeemEmailProof } from "~/models/email-verification.server";

/**
 * Sends a link that proves an address: the account's own, or `newEmail`, which becomes the
 * account's address only when its link is followed. In the caller's transaction when it gives one
 * (a sign-up commits the account and its link together).
 */
export async function sendEmailProof(
  user: { id: number; email: string; display_name: string },
  newEmail?: string,
  { executor = db }: DbOptions = {},
) {
  const { to, token } = await issueEmailProofToken(user, newEmail, { executor });
  await enqueueMessage(
    { ...verifyEmailMessage(user.display_name, token, Boolean(newEmail)), kind: "verify-email", recipient: to },
    { executor },
  );
}

export type ProveEmailResult = ProofResult | { ok: false; reason: "taken" };

/**
 * Follows a proof link once, and in the same transaction sends the mail held for the account until
 * now, to the address just proven (decision 17). A new address another account took meanwhile
 * rolls the whole proof back: the link stays unused.
 */
export async function proveEmail(token: string): Promise<ProveEmailResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await redeemEmailProof(token, { executor: trx });
      if (result.ok) await releaseHeldMessages(result.userId, result.provenEmail, { executor: trx });
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}
