import { data, redirect } from "@remix-run/node";
import type { User } from "~/db/schema";
import { getUserById } from "~/models/user.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { commitSession, destroySession, getSession, sessionStorage } from "./session.server";

type SessionUser = { id: number; sessionVersion: number };

// Not remix-auth's own session key: its OAuth2 strategy treats whatever sits under that key as an
// already signed-in user, and ours is only a pointer to check against the database.
const USER_SESSION_KEY = "userSession";

/** The fields a page may show about the signed-in user; the password hash never leaves the server. */
export type CurrentUser = Pick<
  User,
  "id" | "email" | "display_name" | "role" | "phone" | "address" | "company"
> & { hasPassword: boolean };

function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
    phone: user.phone,
    address: user.address,
    company: user.company,
    hasPassword: user.password_hash !== null,
  };
}

/**
 * The user behind the request, read from the database every time: a deleted user, or a cookie from
 * before a sign-out everywhere, password change or role change (an older session version), is no user.
 */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  // The root, the layout and the page loaders of one request share one Request object: read once.
  let user = usersByRequest.get(request);
  if (!user) {
    user = loadCurrentUser(request);
    usersByRequest.set(request, user);
  }
  return user;
}

const usersByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

async function loadCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getSession(request);
  const sessionUser = session.get(USER_SESSION_KEY) as SessionUser | undefined;
  if (!sessionUser || typeof sessionUser.id !== "number") return null;
  const user = await getUserById(sessionUser.id);
  if (!user || user.session_version !== sessionUser.sessionVersion) return null;
  return toCurrentUser(user);
}

function signInPath(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return `/sign-in?${params}`;
}

export async function requireUser(request: Request) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signInPath(request));
  return user;
}

export async function requireAdmin(request: Request) {
  const user = await requireUser(request);
  if (user.role !== "admin") {
    throw data("You need to be an administrator to open this page.", { status: 403 });
  }
  return user;
}

/** Sign-in and sign-up pages send a visitor who is already signed in home. */
export async function requireSignedOut(request: Request) {
  if (await getCurrentUser(request)) throw redirect("/");
}

/**
 * A brand-new session for the user: nothing is carried over from the old cookie, so a session fixed
 * before sign-in is worthless.
 */
export async function newUserSession(user: Pick<User, "id" | "session_version">) {
  const session = await sessionStorage.getSession();
  session.set(USER_SESSION_KEY, { id: user.id, sessionVersion: user.session_version });
  return session;
}

export async function commitUserSession(user: Pick<User, "id" | "session_version">) {
  return commitSession(await newUserSession(user));
}

/** Signs the user in and redirects to a same-site path. */
export async function createUserSession(user: User, redirectTo: string | null | undefined) {
  return redirect(safeRedirect(redirectTo), {
    headers: { "Set-Cookie": await commitUserSession(user) },
  });
}

export async function signOut(request: Request) {
  const session = await getSession(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session) } });
}
