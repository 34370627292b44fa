import type { Transaction } from "kysely";

import { db, type DbOptions, isUniqueViolation, now } from "~/db/db.server";
import type { Database, Role, User } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/lib/password.server";

import { endCredentials, type EndedCredentials } from "./credentials.server";

export type { Role, User } from "~/db/schema";

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export function getUserById(id: number, { executor = db }: DbOptions = {}) {
  return executor.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
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
    google?: { sub: string; email: string };
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
          google_sub: input.google?.sub ?? null,
          google_email: input.google ? normalizeEmail(input.google.email) : null,
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

/** The account this Google identity is linked to; the address kept with the link follows Google's. */
export async function getUserByGoogleIdentity(identity: GoogleIdentity) {
  const user = await db.selectFrom("users").selectAll().where("google_sub", "=", identity.sub).executeTakeFirst();
  if (user && user.google_email !== normalizeEmail(identity.email)) {
    await db
      .updateTable("users")
      .set({ google_email: normalizeEmail(identity.email) })
      .where("id", "=", user.id)
      .execute();
  }
  return user;
}

/**
 * Links a Google identity to the account, with the address Google gave, unless another account has
 * it (false). In the caller's transaction, with the notice that says so.
 */
export async function linkGoogleIdentity(userId: number, identity: GoogleIdentity, { executor = db }: DbOptions = {}) {
  const owner = await executor
    .selectFrom("users")
    .select("id")
    .where("google_sub", "=", identity.sub)
    .executeTakeFirst();
  if (owner && owner.id !== userId) return false;
  await executor
    .updateTable("users")
    .set({ google_sub: identity.sub, google_email: normalizeEmail(identity.email) })
    .where("id", "=", userId)
    .execute();
  return true;
}

/** The account's address is its owner's from now on (a proof link, or Google vouching for it). */
export async function markEmailProven(userId: number, { executor = db }: DbOptions = {}) {
  await executor.updateTable("users").set({ email_verified_at: now() }).where("id", "=", userId).execute();
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
 * Changes the password when the current one is right, and in the same transaction ends what a
 * password change ends (every session, the API keys, reset links, pending changes of address:
 * ENDED_BY in credentials.server.ts); `andThen` adds the notice. The caller starts a fresh session
 * for this browser. Null when the current password is wrong.
 */
export async function changePassword(
  userId: number,
  passwords: { currentPassword: string; newPassword: string },
  andThen?: (trx: Transaction<Database>, user: User, ended: EndedCredentials) => Promise<void>,
) {
  const user = await getUserById(userId);
  if (!user?.password_hash || !(await verifyPassword(passwords.currentPassword, user.password_hash))) return null;
  const passwordHash = await hashPassword(passwords.newPassword);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const ended = await endCredentials(userId, "password change", { executor: trx });
    await andThen?.(trx, updated, ended);
    return { user: updated, ended };
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
