import { createHash, randomBytes } from "node:crypto";

import { db, type DbOptions, now } from "~/db/db.server";

// Keys look like `gwk_<43 base64url characters>` (32 random bytes). The marker lets a secret scanner
// recognise a leaked key, and lets us refuse anything else without a database read.
const KEY_MARKER = "gwk_";
const KEY_PATTERN = /^gwk_[A-Za-z0-9_-]{43}$/;
// The marker and 8 characters: enough to tell keys apart in the dashboard, far too little to use.
const PREFIX_LENGTH = KEY_MARKER.length + 8;
// "Last used" is for an admin deciding what to revoke; writing it on every call would turn each
// read into a write, so it is refreshed at most once an hour.
const LAST_USED_GRANULARITY_MS = 60 * 60 * 1000;

function hashKey(key: string) {
  return createHash("sha256").update(key).digest("hex");
}

/** Makes a key for the user and returns it in full: this is the only time anyone sees it. */
export async function createApiKey(
  { userId, name }: { userId: number; name: string },
  { executor = db }: DbOptions = {},
) {
  const key = `${KEY_MARKER}${randomBytes(32).toString("base64url")}`;
  const row = await executor
    .insertInto("api_keys")
    .values({ user_id: userId, name, prefix: key.slice(0, PREFIX_LENGTH), key_hash: hashKey(key), created_at: now() })
    .returning(["id", "name", "prefix", "created_at"])
    .executeTakeFirstOrThrow();
  return { ...row, key };
}

/**
 * Keys newest first, with the account each acts as: every key for staff, a customer's own keys for
 * them (`ownerId`). Revoked keys stay listed for the record.
 */
export function listApiKeys({ ownerId }: { ownerId?: number } = {}) {
  let query = db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .select([
      "api_keys.id",
      "api_keys.name",
      "api_keys.prefix",
      "api_keys.created_at",
      "api_keys.last_used_at",
      "api_keys.revoked_at",
      "users.email as owner_email",
    ])
    .orderBy("api_keys.id", "desc")
    .limit(500);
  if (ownerId !== undefined) query = query.where("api_keys.user_id", "=", ownerId);
  return query.execute();
}

/**
 * Revokes a live key (one of `ownerId`'s, when given: a customer revokes only their own); returns its
 * name, or undefined when there is no such live key.
 */
export async function revokeApiKey(id: number, { ownerId }: { ownerId?: number } = {}) {
  let update = db
    .updateTable("api_keys")
    .set({ revoked_at: now() })
    .where("id", "=", id)
    .where("revoked_at", "is", null);
  if (ownerId !== undefined) update = update.where("user_id", "=", ownerId);
  const row = await update.returning("name").executeTakeFirst();
  return row?.name;
}

/**
 * Revokes every live key the user made ("sign out everywhere" offers it; a password reset does it, in
 * its own transaction); returns how many.
 */
export async function revokeApiKeysOf(userId: number, { executor = db }: DbOptions = {}) {
  const result = await executor
    .updateTable("api_keys")
    .set({ revoked_at: now() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many live keys the user made. */
export async function countLiveApiKeysOf(userId: number) {
  const row = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The account a live key acts as, read fresh from the users table: the key carries no role of its
 * own, so an admin who is demoted takes their keys' admin rights with them.
 */
export async function getUserByApiKey(key: string) {
  if (!KEY_PATTERN.test(key)) return undefined;
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .selectAll("users")
    .select(["api_keys.id as api_key_id", "api_keys.last_used_at"])
    .where("api_keys.key_hash", "=", hashKey(key))
    .where("api_keys.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { api_key_id: keyId, last_used_at: lastUsedAt, ...user } = row;
  await touchApiKey(keyId, lastUsedAt);
  return user;
}

async function touchApiKey(id: number, lastUsedAt: string | null) {
  const timestamp = now();
  if (lastUsedAt && Date.parse(timestamp) - Date.parse(lastUsedAt) < LAST_USED_GRANULARITY_MS) return;
  try {
    await db.updateTable("api_keys").set({ last_used_at: timestamp }).where("id", "=", id).execute();
  } catch (error) {
    // Bookkeeping only: a busy database must not turn a valid call into an error.
    console.warn("Could not record an API key's last use:", error);
  }
}
