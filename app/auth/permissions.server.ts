import { data, redirect } from "@remix-run/node";

import { getCurrentUser } from "./session.server";

export const ADMIN_ONLY = "You need to be an administrator to open this page.";

function signInPath(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return `/sign-in?${params}`;
}

/** The signed-in user, or a redirect to sign-in that comes back to this page. */
export async function requireUser(request: Request) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signInPath(request));
  return user;
}

/** The signed-in admin; a customer gets 403, a visitor the sign-in redirect. */
export async function requireAdmin(request: Request) {
  const user = await requireUser(request);
  if (user.role !== "admin") throw data(ADMIN_ONLY, { status: 403 });
  return user;
}

/** Sign-in and sign-up pages send a visitor who is already signed in home. */
export async function requireSignedOut(request: Request) {
  if (await getCurrentUser(request)) throw redirect("/");
}
