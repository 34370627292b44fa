import { type AppLoadContext, createCookieSessionStorage, redirect } from "@remix-run/node";

import { config } from "~/config/env.server";
import type { User } from "~/db/schema";
import { safeRedirect } from "~/lib/safe-redirect";
import { describeUserAgent } from "~/lib/user-agent";
import {
  createSessionRow,
  deleteSessionByToken,
  getUserBySessionToken,
  SESSION_LIFETIME_MS,
  type SessionUser,
  sweepExpiredSessions,
} from "~/models/session.server";
import { flashCookieHeader } from "~/web/flash.server";

import { moveGuestCartIntoAccount } from "./guest-cart.server";

export const SESSION_COOKIE_NAME = "__session";
const TOKEN_KEY = "token";

/** The cookie carries one random token; everything else lives in the sessions table. */
const cookieStorage = createCookieSessionStorage({
  cookie: {
    name: SESSION_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config().production,
    secrets: config().sessionSecrets,
    maxAge: SESSION_LIFETIME_MS / 1000,
  },
});

/** The fields a page may show about the signed-in user; the password hash never leaves the server. */
export type CurrentUser = Pick<
  User,
  "id" | "email" | "display_name" | "role" | "phone" | "address" | "company" | "email_verified_at" | "google_email"
> & {
  hasPassword: boolean;
  hasGoogle: boolean;
  sessionId: string;
  /** Set while the browser shops for a company's procurement system (docs/decisions/0051-punchout.md). */
  punchout: { sessionId: number; systemName: string } | null;
};

function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
    phone: user.phone,
    address: user.address,
    company: user.company,
    email_verified_at: user.email_verified_at,
    google_email: user.google_email,
    hasPassword: user.password_hash !== null,
    hasGoogle: user.google_sub !== null,
    sessionId: user.session_id,
    punchout:
      user.punchout_session_id !== null
        ? { sessionId: user.punchout_session_id, systemName: user.punchout_system_name ?? "your procurement system" }
        : null,
  };
}

export function hasSessionCookie(request: Request) {
  return request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`) ?? false;
}

async function sessionToken(request: Request) {
  if (!hasSessionCookie(request)) return null;
  const session = await cookieStorage.getSession(request.headers.get("Cookie"));
  const token = session.get(TOKEN_KEY);
  return typeof token === "string" && token.length > 0 ? token : null;
}

const usersByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/**
 * The user behind the request, read from the database with their session every time: a deleted
 * or expired session, or a deleted user, is no user. The role comes from the users row, never the cookie.
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

async function loadCurrentUser(request: Request) {
  const token = await sessionToken(request);
  if (!token) return null;
  const user = await getUserBySessionToken(token);
  return user ? toCurrentUser(user) : null;
}

/** A Set-Cookie that removes the session cookie. */
export async function clearSessionCookie() {
  return cookieStorage.destroySession(await cookieStorage.getSession());
}

/** A redirect that removes this browser's session cookie and says `message` on the page it lands on. */
export async function redirectSignedOut(to: string, message: string) {
  const headers = new Headers({ "Set-Cookie": await clearSessionCookie() });
  headers.append("Set-Cookie", await flashCookieHeader(message));
  return redirect(to, { headers });
}

/**
 * Starts a brand-new session for the user (nothing from an earlier cookie carries over, so a session
 * fixed before sign-in is worthless) and returns its Set-Cookie.
 */
export async function startSession(
  user: Pick<User, "id">,
  {
    request,
    context,
    punchout,
  }: { request: Request; context?: AppLoadContext; punchout?: { sessionId: number; lifetimeMs: number } },
) {
  await sweepExpiredSessions();
  const token = await createSessionRow({
    userId: user.id,
    userAgent: describeUserAgent(request.headers.get("User-Agent")),
    ip: context?.clientAddress ?? null,
    punchout,
  });
  const session = await cookieStorage.getSession();
  session.set(TOKEN_KEY, token);
  return cookieStorage.commitSession(session);
}

/**
 * Signs the user in and redirects to a same-site path. This browser's cart, if it filled one before
 * signing in, moves into the account's (decision 29); `flash`, and what the move changed, show on
 * the page it lands on.
 */
export async function createUserSession(
  user: Pick<User, "id">,
  {
    request,
    context,
    redirectTo,
    headers,
    flash,
  }: {
    request: Request;
    context?: AppLoadContext;
    redirectTo?: string | null;
    headers?: HeadersInit;
    flash?: string;
  },
) {
  const responseHeaders = new Headers(headers);
  responseHeaders.append("Set-Cookie", await startSession(user, { request, context }));
  const moved = await moveGuestCartIntoAccount(request, user.id);
  if (moved) responseHeaders.append("Set-Cookie", moved.setCookie);
  const message = [flash, moved?.message].filter(Boolean).join(" ");
  const target = safeRedirect(redirectTo);
  if (message) {
    const links = moved?.message && target !== "/cart" ? [{ href: "/cart", label: "Your cart" }] : undefined;
    responseHeaders.append("Set-Cookie", await flashCookieHeader({ kind: "success", message, links }));
  }
  return redirect(target, { headers: responseHeaders });
}

/** Ends this browser's session: the row is deleted, so a copy of the cookie is worthless too. */
export async function endSession(request: Request) {
  const token = await sessionToken(request);
  if (token) await deleteSessionByToken(token);
  return clearSessionCookie();
}
