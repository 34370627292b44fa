import { createHash, randomBytes } from "node:crypto";

import type { Kysely, Transaction } from "kysely";

import { now } from "~/db/db.server";
import type { Database, EmailTokenPurpose } from "~/db/schema";

type Executor = Kysely<Database> | Transaction<Database>;

function hashOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A new one-time token for the link in a message: 32 random bytes; only its hash is stored. */
export async function issueEmailToken(
  executor: Executor,
  {
    userId,
    purpose,
    lifetimeMs,
    newEmail = null,
  }: { userId: number; purpose: EmailTokenPurpose; lifetimeMs: number; newEmail?: string | null },
) {
  const token = randomBytes(32).toString("base64url");
  await executor
    .insertInto("email_tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: hashOf(token),
      new_email: newEmail,
      expires_at: new Date(Date.now() + lifetimeMs).toISOString(),
      created_at: now(),
    })
    .execute();
  return token;
}

function usable(executor: Executor, token: string, purpose: EmailTokenPurpose) {
  return executor
    .updateTable("email_tokens")
    .where("token_hash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now());
}

/** Whether a link can still be used, without using it (the page asks before the form is filled). */
export async function isEmailTokenUsable(executor: Executor, token: string, purpose: EmailTokenPurpose) {
  const row = await executor
    .selectFrom("email_tokens")
    .select("id")
    .where("token_hash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a token up: a conditional UPDATE, so of two requests with one link only one gets its row.
 * Returns the account (and the address a change moves to), or undefined when the link is unknown,
 * expired or used.
 */
export function useEmailToken(executor: Executor, token: string, purpose: EmailTokenPurpose) {
  return usable(executor, token, purpose)
    .set({ used_at: now() })
    .returning(["user_id", "new_email"])
    .executeTakeFirst();
}

/** Ends the account's other links of this kind: one reset or proof ends the matter. */
export async function retireEmailTokens(executor: Executor, userId: number, purpose: EmailTokenPurpose) {
  await executor
    .updateTable("email_tokens")
    .set({ used_at: now() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}
