import { db, now } from "~/db/db.server";
import type { Role, User } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/auth/password.server";

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export function getUserById(id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function getUserByEmail(email: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  // SQLite (better-sqlite3) and PostgreSQL name a unique violation differently.
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

export async function createUser(input: {
  email: string;
  displayName: string;
  password?: string;
  googleSub?: string;
  role?: Role;
}): Promise<User> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db
      .insertInto("users")
      .values({
        email: normalizeEmail(input.email),
        display_name: input.displayName,
        password_hash: passwordHash,
        google_sub: input.googleSub ?? null,
        role: input.role ?? "user",
        created_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

/**
 * Finds the account for a Google identity: first by its Google subject, then by a verified email
 * (linking the identity to the existing account), else creates a password-less account.
 */
export async function findOrCreateGoogleUser(profile: {
  sub: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
}): Promise<User> {
  const bySub = await db
    .selectFrom("users")
    .selectAll()
    .where("google_sub", "=", profile.sub)
    .executeTakeFirst();
  if (bySub) return bySub;

  if (!profile.emailVerified) throw new Error("Your Google email address is not verified");

  const byEmail = await getUserByEmail(profile.email);
  if (byEmail) {
    return db
      .updateTable("users")
      .set({ google_sub: profile.sub })
      .where("id", "=", byEmail.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return createUser({
    email: profile.email,
    displayName: profile.displayName || profile.email.split("@")[0],
    googleSub: profile.sub,
  });
}

export async function setUserRole(email: string, role: Role) {
  // A role change bumps the session version, so cookies issued under the old role stop working.
  return db
    .updateTable("users")
    .set((eb) => ({ role, session_version: eb("session_version", "+", 1) }))
    .where("email", "=", normalizeEmail(email))
    .returningAll()
    .executeTakeFirst();
}

export function updateProfile(
  userId: number,
  profile: { displayName: string; phone?: string; address?: string; company?: string },
) {
  return db
    .updateTable("users")
    .set({
      display_name: profile.displayName,
      phone: profile.phone || null,
      address: profile.address || null,
      company: profile.company || null,
    })
    .where("id", "=", userId)
    .execute();
}

/**
 * Changes the password when the current one is right. The session version goes up with it, so every
 * other device is signed out; the caller re-issues the cookie for this one from the returned user.
 */
export async function changePassword(userId: number, currentPassword: string, newPassword: string) {
  const user = await getUserById(userId);
  if (!user?.password_hash || !(await verifyPassword(currentPassword, user.password_hash))) return null;
  const passwordHash = await hashPassword(newPassword);
  return db
    .updateTable("users")
    .set((eb) => ({ password_hash: passwordHash, session_version: eb("session_version", "+", 1) }))
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listAdmins() {
  return db
    .selectFrom("users")
    .select(["id", "email", "display_name"])
    .where("role", "=", "admin")
    .orderBy("email")
    .execute();
}

/** Ends every session of the user on every device: cookies carry the old version from now on. */
export function bumpSessionVersion(userId: number) {
  return db
    .updateTable("users")
    .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
    .where("id", "=", userId)
    .execute();
}
