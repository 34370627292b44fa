import type { Transaction } from "kysely";

import { db, isUniqueViolation, now } from "~/db/db.server";
import type { Database, Role, User } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/lib/password.server";

export type { Role, User } from "~/db/schema";

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export function getUserById(id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function getUserByEmail(email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export const EMAIL_TAKEN = "An account with this email already exists";

export type CreateUserResult = { ok: true; user: User } | { ok: false; reason: "email-taken" };

/**
 * Creates an account. `andThen` runs in the same transaction (the sign-up's email proof goes to the
 * outbox with the account, or neither exists); the password is hashed before it begins, so the
 * hash never holds the database's write lock.
 */
export async function createUser(
  input: {
    email: string;
    displayName: string;
    password?: string;
    googleSub?: string;
    role?: Role;
    emailVerified?: boolean;
  },
  andThen?: (trx: Transaction<Database>, user: User) => Promise<void>,
): Promise<CreateUserResult> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          email: normalizeEmail(input.email),
          display_name: input.displayName,
          password_hash: passwordHash,
          google_sub: input.googleSub ?? null,
          role: input.role ?? "user",
          email_verified_at: input.emailVerified ? now() : null,
          created_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await andThen?.(trx, user);
      return { ok: true as const, user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; displayName: string };

export type GoogleSignInResult =
  { ok: true; user: User } | { ok: false; reason: "unverified-google-email" | "email-not-proven" };

/**
 * The account for a Google identity: the one already linked to it; else, when Google vouches for
 * the email, an account whose email was proven to belong to its owner, linked now; else a new,
 * password-less account. An account whose email was never proven is not linked automatically:
 * anyone could have signed up with someone else's address and kept its password.
 */
export async function signInWithGoogle(identity: GoogleIdentity): Promise<GoogleSignInResult> {
  const bySub = await db.selectFrom("users").selectAll().where("google_sub", "=", identity.sub).executeTakeFirst();
  if (bySub) return { ok: true, user: bySub };
  if (!identity.emailVerified) return { ok: false, reason: "unverified-google-email" };

  const byEmail = await getUserByEmail(identity.email);
  if (byEmail) {
    if (!byEmail.email_verified_at) return { ok: false, reason: "email-not-proven" };
    const linked = await db
      .updateTable("users")
      .set({ google_sub: identity.sub })
      .where("id", "=", byEmail.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, user: linked };
  }
  const created = await createUser({
    email: identity.email,
    displayName: identity.displayName || identity.email.split("@")[0],
    googleSub: identity.sub,
    emailVerified: true,
  });
  // An account with this email made a moment ago, by another request: not one proven to be theirs.
  return created.ok ? created : { ok: false, reason: "email-not-proven" };
}

/** Links a Google identity to the signed-in account (My Profile), unless another account has it. */
export async function linkGoogleAccount(userId: number, identity: GoogleIdentity) {
  const owner = await db.selectFrom("users").select("id").where("google_sub", "=", identity.sub).executeTakeFirst();
  if (owner && owner.id !== userId) return { ok: false as const };
  await db.updateTable("users").set({ google_sub: identity.sub }).where("id", "=", userId).execute();
  return { ok: true as const };
}

/** Changes a role and ends the person's sessions, so nothing issued under the old role lives on. */
export async function setUserRole(email: string, role: Role) {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("users")
      .set({ role })
      .where("email", "=", normalizeEmail(email))
      .returningAll()
      .executeTakeFirst();
    if (user) await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    return user;
  });
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

/** Whether this is the account's password (false for an account without one). */
export async function passwordMatches(userId: number, password: string) {
  const user = await getUserById(userId);
  return Boolean(user?.password_hash && (await verifyPassword(password, user.password_hash)));
}

/**
 * Changes the password when the current one is right, and ends every session of the account in the
 * same transaction; the caller starts a fresh one for this browser.
 */
export async function changePassword(userId: number, currentPassword: string, newPassword: string) {
  const user = await getUserById(userId);
  if (!user?.password_hash || !(await verifyPassword(currentPassword, user.password_hash))) return null;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    return updated;
  });
}

export function listAdmins() {
  return db
    .selectFrom("users")
    .select(["id", "email", "display_name"])
    .where("role", "=", "admin")
    .orderBy("email")
    .execute();
}
