import { createHash, randomBytes } from "node:crypto";

import type { ExpressionBuilder } from "kysely";

import { db, type DbOptions, now } from "~/db/db.server";
import type { Database, EmailTokenPurpose } from "~/db/schema";

/** What is stored of a link's token: its SHA-256, hex. */
export function hashOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A new secret for a link in a message (32 random bytes) with the hash to store of it. */
export function newLinkToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOf(token) };
}

/** A new one-time token for the link in a message: 32 random bytes; only its hash is stored. */
export async function issueEmailToken(
  {
    userId,
    purpose,
    lifetimeMs,
    newEmail = null,
  }: { userId: number; purpose: EmailTokenPurpose; lifetimeMs: number; newEmail?: string | null },
  { executor = db }: DbOptions = {},
) {
  const { token, hash } = newLinkToken();
  await executor
    .insertInto("email_tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: hash,
      new_email: newEmail,
      expires_at: new Date(Date.now() + lifetimeMs).toISOString(),
      created_at: now(),
    })
    .execute();
  return token;
}

/** The row of a link that can still be used: this token and purpose, unused, unexpired. */
function usableRow(token: string, purpose: EmailTokenPurpose) {
  return (eb: ExpressionBuilder<Database, "email_tokens">) =>
    eb.and([
      eb("token_hash", "=", hashOf(token)),
      eb("purpose", "=", purpose),
      eb("used_at", "is", null),
      eb("expires_at", ">", now()),
    ]);
}

/** Whether a link can still be used, without using it (the page asks before the form is filled). */
export async function isEmailTokenUsable(token: string, purpose: EmailTokenPurpose, { executor = db }: DbOptions = {}) {
  const row = await executor
    .selectFrom("email_tokens")
    .select("id")
    .where(usableRow(token, purpose))
    .executeTakeFirst();
  return row !== undefined;
}

/** The account a link can still be used for (its address and name), without using it; or undefined. */
export function usableTokenOwner(token: string, purpose: EmailTokenPurpose, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("email_tokens")
    .innerJoin("users", "users.id", "email_tokens.user_id")
    .select(["users.id", "users.email", "users.display_name", "email_tokens.new_email"])
    .where((eb) =>
      eb.and([
        eb("email_tokens.token_hash", "=", hashOf(token)),
        eb("email_tokens.purpose", "=", purpose),
        eb("email_tokens.used_at", "is", null),
        eb("email_tokens.expires_at", ">", now()),
      ]),
    )
    .executeTakeFirst();
}

/**
 * Uses a token up: a conditional UPDATE, so of two requests with one link only one gets its row.
 * Returns the account (and the address a change moves to), or undefined when the link is unknown,
 * expired or used.
 */
export function redeemEmailToken(token: string, purpose: EmailTokenPurpose, { executor = db }: DbOptions = {}) {
  return executor
    .updateTable("email_tokens")
    .set({ used_at: now() })
    .where(usableRow(token, purpose))
    .returning(["user_id", "new_email"])
    .executeTakeFirst();
}

/** Ends the account's other links of this kind: one reset or proof ends the matter. */
export async function retireEmailTokens(userId: number, purpose: EmailTokenPurpose, { executor = db }: DbOptions = {}) {
  await executor
    .updateTable("email_tokens")
    .set({ used_at: now() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}
