import { data, redirect } from "@remix-run/node";

import type { CartOwner } from "~/models/cart";
import { redirectWithFlash } from "~/web/flash.server";

import { guestCartCookieHeader, guestCartToken, newGuestCartToken } from "./guest-cart.server";
import { type CurrentUser, getCurrentUser } from "./session.server";

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

export const ORDERS_GO_THROUGH_PROCUREMENT =
  "While you shop for your procurement system, orders go through it: transfer your cart from the cart page.";

/**
 * The signed-in user placing an order here. A punchout session never does: its cart goes back to
 * the procurement system, which sends the purchase order (docs/decisions/0051-punchout.md).
 */
export async function requireUserWhoOrders(request: Request) {
  const user = await requireUser(request);
  if (user.punchout) throw await redirectWithFlash("/cart", { kind: "error", message: ORDERS_GO_THROUGH_PROCUREMENT });
  return user;
}

/** Whose cart a request fills: the signed-in account's, or this browser's own (decision 29). */
export type CartHolder = {
  user: CurrentUser | null;
  owner: CartOwner;
  /**
   * A visitor whose browser has no cart yet: the token is made for this request, and becomes a
   * cart (and a cookie) only if something is put in it.
   */
  newGuest: boolean;
};

/** For the cart's forms, which anyone may post: never a redirect to sign in. */
export async function cartHolder(request: Request): Promise<CartHolder> {
  const user = await getCurrentUser(request);
  if (user) return { user, owner: user.id, newGuest: false };
  const token = await guestCartToken(request);
  return { user: null, owner: { guestToken: token ?? newGuestCartToken() }, newGuest: token === null };
}

/** The cart a page shows: the account's, this browser's, or none yet (null). */
export async function cartOwnerOf(request: Request): Promise<CartOwner | null> {
  const user = await getCurrentUser(request);
  if (user) return user.id;
  const token = await guestCartToken(request);
  return token ? { guestToken: token } : null;
}

/** After a change to a visitor's cart, the Set-Cookie that keeps it (its life starts again); none for an account. */
export async function cartCookieFor(holder: CartHolder): Promise<HeadersInit | undefined> {
  return typeof holder.owner === "number"
    ? undefined
    : { "Set-Cookie": await guestCartCookieHeader(holder.owner.guestToken) };
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
