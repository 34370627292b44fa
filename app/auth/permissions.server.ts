import { data, redirect } from "@remix-run/node";

import { safeRedirect } from "~/lib/safe-redirect";

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

/**
 * For forms posted to one page from others (Add to Cart on a product page): a visitor is sent to
 * sign in and then back to the page the form was on, not to the page it posts to.
 */
export async function requireUserFromReferringPage(request: Request) {
  const user = await getCurrentUser(request);
  if (user) return user;
  const referer = request.headers.get("Referer");
  let back = "/";
  const url = referer && URL.canParse(referer) ? new URL(referer) : null;
  if (url && url.origin === new URL(request.url).origin) back = safeRedirect(`${url.pathname}${url.search}`);
  throw redirect(`/sign-in?${new URLSearchParams({ redirectTo: back })}`);
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
