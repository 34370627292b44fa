import { startSession } from "~/auth/session.server";
import { db } from "~/db/db.server";
import type { Role, User } from "~/db/schema";
import { hashPassword } from "~/lib/password.server";
import { createUser, setUserRole } from "~/models/user.server";

import { uniqueEmail } from "./unique";

export const TEST_PASSWORD = "correct-horse-battery";

/**
 * TEST_PASSWORD's scrypt hash, made once per test process and given to every account that uses it:
 * a hash is 0.1 to 0.2 s of a core, and the suites make hundreds of such accounts. Accounts with
 * other passwords, and every sign-up and password change a test posts, are hashed as always.
 */
let testPasswordHash: Promise<string> | undefined;
const hashOfTestPassword = () => (testPasswordHash ??= hashPassword(TEST_PASSWORD));

/** A cookie for a new session of the user, made directly (a session row) rather than by posting the sign-in form. */
export async function sessionCookieFor(
  user: Pick<User, "id">,
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
) {
  const request = new Request("http://localhost:3000/", { headers: { "User-Agent": userAgent } });
  const setCookie = await startSession(user, { request, context: { clientAddress: "127.0.0.1" } });
  return setCookie.split(";")[0];
}

/** The one account builder: a new account (any field overridable), or the test fails at once. */
export async function newUser(input: Partial<Parameters<typeof createUser>[0]> = {}) {
  const created = await createUser({ email: uniqueEmail(), displayName: "Test Customer", ...input });
  if (!created.ok) throw new Error(`newUser: the email ${input.email} is taken`);
  return created.user;
}

/**
 * A new account and a cookie for it. Its address counts as proven, as a customer's is once they have
 * followed the sign-up link (mail to an unproven address is held); `emailProven: false` for one
 * that has not yet.
 */
export async function createSignedInUser({
  role = "user",
  displayName = "Test Customer",
  emailProven = true,
}: { role?: Role; displayName?: string; emailProven?: boolean } = {}) {
  const created = await newUser({ email: uniqueEmail(role), displayName, emailVerified: emailProven });
  let user = await db
    .updateTable("users")
    .set({ password_hash: await hashOfTestPassword() })
    .where("id", "=", created.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (role !== "user") user = (await setUserRole(user.email, role))!;
  return { user, cookie: await sessionCookieFor(user) };
}

/** How many live sessions the user has: role and password changes, and sign-outs, delete them. */
export async function sessionCount(userId: number) {
  const { listUserSessions } = await import("~/models/session.server");
  return (await listUserSessions(userId)).length;
}
