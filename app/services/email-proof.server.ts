import { db, type DbOptions, inTransaction, isUniqueViolation } from "~/db/db.server";
import { verifyEmailMessage } from "~/mail/messages.server";
import { enqueueMessage, releaseHeldMessages } from "~/mail/outbox.server";
import { emailChangedNotice, emailChangeRequestedNotice } from "~/mail/security-messages.server";
import { issueEmailProofToken, type ProofResult, redeemEmailProof } from "~/models/email-verification.server";

/**
 * Sends a link that proves an address: the account's own, or `newEmail`, which becomes the
 * account's address only when its link is followed. A change also tells the current address, with a
 * link that cancels it (a thief with the password must not move the account unheard). In the
 * caller's transaction when it gives one (a sign-up commits the account and its link together).
 */
export async function sendEmailProof(
  user: { id: number; email: string; display_name: string },
  newEmail?: string,
  { executor = db }: DbOptions = {},
) {
  return inTransaction(executor, async (trx) => {
    const { to, token, cancelToken } = await issueEmailProofToken(user, newEmail, { executor: trx });
    await enqueueMessage(
      { ...verifyEmailMessage(user.display_name, token, Boolean(newEmail)), kind: "verify-email", recipient: to },
      { executor: trx },
    );
    if (cancelToken) {
      await enqueueMessage(
        {
          ...emailChangeRequestedNotice(user.display_name, to, cancelToken),
          kind: "security-notice",
          recipient: user.email,
          toAccount: user.id,
        },
        { executor: trx },
      );
    }
  });
}

export type ProveEmailResult = ProofResult | { ok: false; reason: "taken" };

/**
 * Follows a proof link once (see `redeemEmailProof`: who pressed Confirm decides whether the
 * account's other ways in end), and in the same transaction sends the mail held for the account
 * until now, to the address just proven (decision 17), and tells the old address of a change. A
 * new address another account took meanwhile rolls the whole proof back: the link stays unused.
 */
export async function proveEmail(token: string, signedInUserId: number | null): Promise<ProveEmailResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await redeemEmailProof(token, { signedInUserId }, { executor: trx });
      if (!result.ok) return result;
      await releaseHeldMessages(result.userId, result.provenEmail, { executor: trx });
      if (result.formerProvenEmail && result.email) {
        await enqueueMessage(
          {
            ...emailChangedNotice(result.displayName, result.email),
            kind: "security-notice",
            recipient: result.formerProvenEmail,
          },
          { executor: trx },
        );
      }
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}
