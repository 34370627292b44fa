import { db } from "~/db/db.server";
import { passwordResetMessage } from "~/mail/messages.server";
import { enqueueMessage } from "~/mail/outbox.server";
import { passwordChangedNotice } from "~/mail/security-messages.server";
import { issuePasswordResetToken, resetPassword } from "~/models/password-reset.server";
import { getUserById } from "~/models/user.server";

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

/**
 * A new password through a reset link (see `resetPassword` for what it ends), and the notice to the
 * account's address in the same transaction. Null when the link is no longer usable.
 */
export function resetPasswordWithLink(token: string, newPassword: string) {
  return resetPassword(token, newPassword, async (trx, userId) => {
    const user = await getUserById(userId, { executor: trx });
    if (!user) return;
    await enqueueMessage(
      {
        ...passwordChangedNotice(user.display_name, "reset"),
        kind: "security-notice",
        recipient: user.email,
        toAccount: user.id,
      },
      { executor: trx },
    );
  });
}
