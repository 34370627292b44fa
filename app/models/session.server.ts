import { createHash, randomBytes } from "node:crypto";

import { db, now } from "~/db/db.server";
import type { User } from "~/db/schema";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// "Last seen" is for the owner deciding which session to end; refreshing it on every request would
// turn every page view into a write, so it moves at most every ten minutes.
const LAST_SEEN_GRANULARITY_MS = 10 * 60 * 1000;

/** The row id for a cookie's token: a leaked sessions table holds nothing a browser could present. */
export function sessionIdOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session and returns the token for the cookie; the token itself is never stored. */
export async function createSessionRow(input: {
  userId: number;
  userAgent: string | null;
  ip: string | null;
  /** A browser shopping for a procurement system: its punchout session, which ends sooner. */
  punchout?: { sessionId: number; lifetimeMs: number };
}) {
  const token = randomBytes(32).toString("base64url");
  const created = new Date();
  const lifetimeMs = input.punchout?.lifetimeMs ?? SESSION_LIFETIME_MS;
  await db
    .insertInto("sessions")
    .values({
      id: sessionIdOf(token),
      user_id: input.userId,
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + lifetimeMs).toISOString(),
      last_seen_at: created.toISOString(),
      user_agent: input.userAgent,
      ip: input.ip,
      punchout_session_id: input.punchout?.sessionId ?? null,
    })
    .execute();
  return token;
}

export type SessionUser = User & {
  session_id: string;
  /** Set when the browser shops for a procurement system. */
  punchout_session_id: number | null;
  punchout_system_name: string | null;
};

/**
 * The user a live session belongs to, read with the session (and, for a punchout session, the name
 * of the system it shops for) in one query; null when ended or expired.
 */
export async function getUserBySessionToken(token: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("punchout_sessions", "punchout_sessions.id", "sessions.punchout_session_id")
    .leftJoin("punchout_connections", "punchout_connections.id", "punchout_sessions.connection_id")
    .selectAll("users")
    .select([
      "sessions.id as session_id",
      "sessions.last_seen_at",
      "sessions.punchout_session_id",
      "punchout_connections.system_name as punchout_system_name",
    ])
    .where("sessions.id", "=", sessionIdOf(token))
    .where("sessions.expires_at", ">", now())
    .executeTakeFirst();
  if (!row) return null;
  const { last_seen_at: lastSeenAt, ...user } = row;
  await touchSession(user.session_id, lastSeenAt);
  return user;
}

async function touchSession(id: string, lastSeenAt: string) {
  const timestamp = now();
  if (Date.parse(timestamp) - Date.parse(lastSeenAt) < LAST_SEEN_GRANULARITY_MS) return;
  try {
    await db.updateTable("sessions").set({ last_seen_at: timestamp }).where("id", "=", id).execute();
  } catch (error) {
    // Bookkeeping only: a busy database must not turn a signed-in page view into an error.
    console.warn("Could not record a session's last use:", error);
  }
}

export async function deleteSessionByToken(token: string) {
  await db.deleteFrom("sessions").where("id", "=", sessionIdOf(token)).execute();
}

/** Ends one of the user's sessions; returns whether there was such a session. */
export async function deleteUserSession(userId: number, sessionId: string) {
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the user, on every device. */
export async function deleteAllUserSessions(userId: number) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** The user's live sessions, most recently used first (My Profile lists them). */
export function listUserSessions(userId: number) {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "user_agent", "ip"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now())
    .orderBy("last_seen_at", "desc")
    .limit(100)
    .execute();
}

/** Deletes expired rows; returns how many went. Run on sign-in, so the table never grows without end. */
export async function sweepExpiredSessions() {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", now()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
