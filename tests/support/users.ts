import { randomBytes } from "node:crypto";
import { commitUserSession } from "~/auth/guards.server";
import type { Role, User } from "~/db/schema";
import { createUser, setUserRole } from "~/models/user.server";

let counter = 0;

export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

export const TEST_PASSWORD = "correct-horse-battery";

/** A cookie for a signed-in user, made directly rather than by posting the sign-in form. */
export async function sessionCookieFor(user: Pick<User, "id" | "session_version">) {
  const setCookie = await commitUserSession(user);
  return setCookie.split(";")[0];
}

export async function createSignedInUser({ role = "user", displayName = "Test Customer" }: { role?: Role; displayName?: string } = {}) {
  let user = await createUser({ email: uniqueEmail(role), password: TEST_PASSWORD, displayName });
  if (role !== "user") user = (await setUserRole(user.email, role))!;
  return { user, cookie: await sessionCookieFor(user) };
}
