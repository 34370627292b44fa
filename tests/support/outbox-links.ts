import { db } from "~/db/db.server";
import { openLinkToken, withLinkToken } from "~/mail/one-time-links.server";

/**
 * The one-time link of the newest message of `kind` to `email`, as the sender would send it: the
 * outbox keeps a marker in the body and the token sealed beside it (decision 43), opened here with
 * the same SESSION_SECRET the server has. Answers the link's path and query.
 */
export async function outboxLink(email: string, kind: string, path: string) {
  const message = await db
    .selectFrom("outbox")
    .select(["text_body", "link_token"])
    .where("recipient", "=", email)
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = message.link_token ? openLinkToken(message.link_token) : null;
  if (!token) throw new Error(`the newest ${kind} message to ${email} carries no sealed token`);
  const text = withLinkToken(message.text_body, token);
  const link = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?token=[A-Za-z0-9_-]+`).exec(
    text,
  );
  if (!link) throw new Error(`the ${kind} message has no ${path} link`);
  const url = new URL(link[0]);
  return `${url.pathname}${url.search}`;
}
