import { db, type DbOptions, inTransaction, now } from "~/db/db.server";

import { revokeApiKeysOf } from "./api-key.server";
import { retireEmailTokens } from "./email-tokens.server";

/**
 * The ways into an account, and the events that end them (docs/security.md, "What ends what"; the
 * reliability and server suites check that table against what the shop does):
 * - sessions: every signed-in browser;
 * - apiKeys: the keys the account made;
 * - resetLinks: password reset links not yet used;
 * - emailChanges: changes of address asked for and not yet confirmed (and their cancel links);
 * - otherGoogle: a linked Google account whose address is not the account's own (or not known);
 * - google: the linked Google account, whatever its address;
 * - password: the password itself (the owner chooses another through a reset link).
 */
export const CREDENTIALS = [
  "sessions",
  "apiKeys",
  "resetLinks",
  "emailChanges",
  "otherGoogle",
  "google",
  "password",
] as const;
export type Credential = (typeof CREDENTIALS)[number];

/** Each event, and the credentials of the account it ends. The services end them through this table. */
export const ENDED_BY = {
  /** A new password chosen through a mailed link: "someone else may have had my password". */
  "password reset": ["sessions", "apiKeys", "resetLinks", "emailChanges", "otherGoogle"],
  /** A new password chosen on My Profile (this browser gets a fresh session). */
  "password change": ["sessions", "apiKeys", "resetLinks", "emailChanges"],
  /** "Sign out everywhere", unless the keys are kept on purpose. */
  "sign out everywhere": ["sessions", "apiKeys", "emailChanges"],
  /** A sign-in with the right password: the links sent to recover it are no longer needed. */
  "sign-in by password": ["resetLinks"],
  /** "Forgot password?" again: only the newest link works. */
  "reset link asked for": ["resetLinks"],
  /** A change of address asked for: only the newest request can be confirmed. */
  "email change asked for": ["emailChanges"],
  /** A change of address confirmed: links in the old mailbox stop working. */
  "email changed": ["resetLinks", "emailChanges"],
  /**
   * The owner of the address proves it while not signed in to the account (the Confirm on a proof
   * link, or a verified Google sign-in on an account whose address was never proven): whoever made
   * the account, or moved it there, may not be them.
   */
  "address proven by its owner": ["sessions", "apiKeys", "resetLinks", "emailChanges", "otherGoogle", "password"],
  /** Unlink on My Profile. */
  "Google unlinked": ["google"],
} as const satisfies Record<string, readonly Credential[]>;
export type SecurityEvent = keyof typeof ENDED_BY;

/**
 * What ending an event's credentials did, for the page and the mail that say so: how many keys were
 * revoked, and the address of a Google link removed (null when its address was not kept; false when
 * none was removed).
 */
export type EndedCredentials = { apiKeysRevoked: number; googleRemoved: string | null | false };

/**
 * Ends the credentials `event` ends, in the caller's transaction when it gives one (a reset, a proof
 * and a change each end them in the same transaction as themselves).
 */
export function endCredentials(
  userId: number,
  event: SecurityEvent,
  { executor = db }: DbOptions = {},
): Promise<EndedCredentials> {
  return endTheseCredentials(userId, ENDED_BY[event], { executor });
}

export function endTheseCredentials(
  userId: number,
  credentials: readonly Credential[],
  { executor = db }: DbOptions = {},
): Promise<EndedCredentials> {
  return inTransaction(executor, async (trx) => {
    const ending = new Set<Credential>(credentials);
    if (ending.has("sessions")) await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    const apiKeysRevoked = ending.has("apiKeys") ? await revokeApiKeysOf(userId, { executor: trx }) : 0;
    if (ending.has("resetLinks")) await retireEmailTokens(userId, "reset", { executor: trx });
    if (ending.has("emailChanges")) await retirePendingEmailChanges(userId, { executor: trx });
    const googleRemoved =
      ending.has("google") || ending.has("otherGoogle")
        ? await unlinkGoogle(userId, { anyAddress: ending.has("google") }, { executor: trx })
        : false;
    if (ending.has("password")) {
      await trx.updateTable("users").set({ password_hash: null }).where("id", "=", userId).execute();
    }
    return { apiKeysRevoked, googleRemoved };
  });
}

/**
 * Removes the account's Google link: any, or (without `anyAddress`) only one whose address is not the
 * account's own. A link made before its address was kept counts as another's: it cannot be shown to
 * be theirs. Answers the removed link's address, as EndedCredentials says.
 */
async function unlinkGoogle(userId: number, { anyAddress }: { anyAddress: boolean }, { executor = db }: DbOptions) {
  const user = await executor
    .selectFrom("users")
    .select(["email", "google_sub", "google_email"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.google_sub) return false;
  if (!anyAddress && user.google_email === user.email) return false;
  await executor.updateTable("users").set({ google_sub: null, google_email: null }).where("id", "=", userId).execute();
  return user.google_email;
}

/**
 * Voids the account's changes of address not yet confirmed, and the links that would cancel them:
 * only a request made after this can move the account.
 */
export async function retirePendingEmailChanges(userId: number, { executor = db }: DbOptions = {}) {
  await executor
    .updateTable("email_tokens")
    .set({ used_at: now() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("purpose", "=", "verify"), eb("new_email", "is not", null)]),
        eb("purpose", "=", "cancel-email-change"),
      ]),
    )
    .execute();
}
