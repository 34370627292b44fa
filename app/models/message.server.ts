import { db, now } from "~/db/db.server";
import { contactNotice } from "~/mail/messages.server";
import { enqueueMessage } from "~/mail/outbox.server";
import { orderNotifyEmail } from "~/utils/env.server";

/** A contact message, and (to ORDER_NOTIFY_EMAIL, when set) its notice, in one transaction. */
export function createMessage(input: { name: string; email: string; message: string }) {
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto("messages")
      .values({ ...input, created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const notify = orderNotifyEmail();
    if (notify) await enqueueMessage(trx, { ...contactNotice(input), kind: "contact-notice", recipient: notify });
    return saved;
  });
}

export function listMessages() {
  return db
    .selectFrom("messages")
    .select(["id", "name", "email", "message", "created_at"])
    .orderBy("id", "desc")
    .limit(500)
    .execute();
}
