import { orderNotifyEmail } from "~/config/env.server";
import { db } from "~/db/db.server";
import { contactNotice } from "~/mail/messages.server";
import { enqueueMessage } from "~/mail/outbox.server";
import { type ContactMessage, createMessage } from "~/models/message.server";

/** A contact message and (to ORDER_NOTIFY_EMAIL, when set) its notice, in one transaction. */
export function receiveContactMessage(input: ContactMessage) {
  return db.transaction().execute(async (trx) => {
    const saved = await createMessage(input, { executor: trx });
    const notify = orderNotifyEmail();
    if (notify) {
      await enqueueMessage({ ...contactNotice(input), kind: "contact-notice", recipient: notify }, { executor: trx });
    }
    return saved;
  });
}
