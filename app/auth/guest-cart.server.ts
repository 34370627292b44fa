import { randomBytes } from "node:crypto";

import { createCookie } from "@remix-run/node";

import { config } from "~/config/env.server";
import { cartMergeMessage } from "~/lib/cart-merge";
import { GUEST_CART_LIFETIME_MS, guestCartItemIds, listCartItemIds, mergeGuestCart } from "~/models/cart";
import { MAX_CART_LINES } from "~/validation/cart";

/**
 * A visitor's cart is named by a cookie of its own, never by the session
 * (docs/decisions/0029-guest-carts.md): it carries one random token, and the carts table holds only
 * the token's SHA-256. The server's page cache (server/page-cache.ts) treats this cookie as it treats
 * the session's: a request carrying it is never answered from the cache nor stored in it.
 */
export const GUEST_CART_COOKIE_NAME = "__cart";

const guestCartCookie = createCookie(GUEST_CART_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config().production,
  secrets: config().sessionSecrets,
  // Sliding: every change to the cart sends the cookie again, as the row's expiry moves with it.
  maxAge: GUEST_CART_LIFETIME_MS / 1000,
});

/** 32 random bytes, base64url: what the cookie carries. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newGuestCartToken() {
  return randomBytes(32).toString("base64url");
}

export function hasGuestCartCookie(request: Request) {
  return request.headers.get("Cookie")?.includes(`${GUEST_CART_COOKIE_NAME}=`) ?? false;
}

const tokensByRequest = new WeakMap<Request, Promise<string | null>>();

/** The token this browser's cart cookie carries, if it is one we signed; read once per request. */
export function guestCartToken(request: Request): Promise<string | null> {
  let token = tokensByRequest.get(request);
  if (!token) {
    token = readToken(request);
    tokensByRequest.set(request, token);
  }
  return token;
}

async function readToken(request: Request) {
  if (!hasGuestCartCookie(request)) return null;
  const value: unknown = await guestCartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && TOKEN_PATTERN.test(value) ? value : null;
}

/** The Set-Cookie naming a visitor's cart for another GUEST_CART_LIFETIME_MS (Max-Age; Expires for older browsers). */
export function guestCartCookieHeader(token: string) {
  return guestCartCookie.serialize(token, { expires: new Date(Date.now() + GUEST_CART_LIFETIME_MS) });
}

/** A Set-Cookie that removes the cart cookie. */
export function clearGuestCartCookie() {
  return guestCartCookie.serialize("", { maxAge: 0 });
}

/**
 * The header's cart count: the parts in the account's cart, or in this browser's. A cart cookie
 * that names no live cart (expired, moved into an account, or not ours) is removed, so the browser
 * stops sending it and its pages can come from the page cache again.
 */
export async function headerCart(
  request: Request,
  user: { id: number } | null,
): Promise<{ itemIds: number[]; setCookie: string | null }> {
  if (user) return { itemIds: await listCartItemIds(user.id), setCookie: null };
  if (!hasGuestCartCookie(request)) return { itemIds: [], setCookie: null };
  const token = await guestCartToken(request);
  const itemIds = token ? await guestCartItemIds(token) : null;
  return itemIds ? { itemIds, setCookie: null } : { itemIds: [], setCookie: await clearGuestCartCookie() };
}

/**
 * At sign-in or sign-up: moves this browser's cart into the account's (`mergeGuestCart`, one
 * transaction that also deletes the visitor's cart) and says what changed. Null when the browser has
 * no cart cookie. If the move fails the sign-in still goes ahead; the visitor's cart and its cookie
 * stay for the next one.
 */
export async function moveGuestCartIntoAccount(
  request: Request,
  userId: number,
): Promise<{ setCookie: string; message: string } | null> {
  if (!hasGuestCartCookie(request)) return null;
  const token = await guestCartToken(request);
  let message = "";
  if (token) {
    try {
      const merge = await mergeGuestCart(token, userId);
      message = merge ? cartMergeMessage(merge, { maxLines: MAX_CART_LINES }) : "";
    } catch (error) {
      console.error("Could not move a visitor's cart into their account at sign-in:", error);
      return null;
    }
  }
  return { setCookie: await clearGuestCartCookie(), message };
}
