import { db } from "~/db/db.server";
import { passwordResetMessage } from "~/mail/messages.server";
import { enqueueMessage } from "~/mail/outbox.server";
import { issuePasswordResetToken } from "~/models/password-reset.server";

/**
 * "Forgot password": for an account with this email, a token valid an hour and the message with its
 * link, in one transaction. For an unknown email nothing happens; the caller answers the same.
 */
export async function requestPasswordReset(email: string) {
  await db.transaction().execute(async (trx) => {
    const issued = await issuePasswordResetToken(email, { executor: trx });
    if (!issued) return;
    await enqueueMessage(
      {
        ...passwordResetMessage(issued.user.display_name, issued.token),
        kind: "password-reset",
        recipient: issued.user.email,
      },
      { executor: trx },
    );
  });
}
