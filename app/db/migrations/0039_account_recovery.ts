import type { Kysely } from "kysely";

/**
 * Account recovery (issue 57): the Google address a link was made with, so My Profile can name it and
 * a password reset can tell the account's own Google from someone else's; and a one-time link's
 * token kept sealed beside its message instead of in clear in the body (decision 43).
 *
 * Messages already in the outbox kept their links in clear. Their tokens are replaced by the marker
 * the sender fills in, and those not yet sent are marked failed: the sealed token they would need was
 * never made, and a customer asks for a new link in a moment.
 */
const MARKER = "~one-time-token~";
const TOKEN_IN_LINK = /([?&]token=)[A-Za-z0-9_%-]+/g;

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("google_email", "text").execute();
  await db.schema.alterTable("outbox").addColumn("link_token", "text").execute();

  const withLinks = await db
    .selectFrom("outbox")
    .select(["id", "status", "text_body", "html_body"])
    .where("text_body", "like", "%token=%")
    .execute();
  for (const message of withLinks) {
    const unsent = message.status !== "sent";
    await db
      .updateTable("outbox")
      .set({
        text_body: message.text_body.replace(TOKEN_IN_LINK, `$1${MARKER}`),
        html_body: message.html_body.replace(TOKEN_IN_LINK, `$1${MARKER}`),
        ...(unsent
          ? { status: "failed", last_error: "Its one-time link was removed from the outbox (issue 57)." }
          : {}),
      })
      .where("id", "=", message.id)
      .execute();
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("outbox").dropColumn("link_token").execute();
  await db.schema.alterTable("users").dropColumn("google_email").execute();
}
