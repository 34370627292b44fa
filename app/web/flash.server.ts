import { createCookie, redirect } from "@remix-run/node";

import { config } from "~/config/env.server";

/** A link the message offers (the part just added): a path on this site and its text. */
export type FlashLink = { href: string; label: string };
export type Flash = { kind: "success" | "error"; message: string; links?: FlashLink[] };

/**
 * A one-time message for the next page, in its own small cookie: showing it never re-commits the
 * session cookie, and a page without a message sends no Set-Cookie at all.
 */
const flashCookie = createCookie("__flash", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config().production,
  secrets: config().sessionSecrets,
  maxAge: 60,
});

// Only paths on this site: the cookie is signed, but a link is never a way off the site.
function isFlashLink(value: unknown): value is FlashLink {
  const link = value as FlashLink | null;
  return (
    typeof link === "object" &&
    link !== null &&
    typeof link.label === "string" &&
    typeof link.href === "string" &&
    link.href.startsWith("/") &&
    !link.href.startsWith("//")
  );
}

function isFlash(value: unknown): value is Flash {
  const flash = value as Flash | null;
  return (
    typeof flash === "object" &&
    flash !== null &&
    (flash.kind === "success" || flash.kind === "error") &&
    typeof flash.message === "string" &&
    (flash.links === undefined || (Array.isArray(flash.links) && flash.links.every(isFlashLink)))
  );
}

export function flashCookieHeader(flash: Flash | string) {
  return flashCookie.serialize(typeof flash === "string" ? { kind: "success", message: flash } : flash);
}

/** Redirects and shows the message once on the page it lands on (a plain string is a success). */
export async function redirectWithFlash(
  url: string,
  flash: Flash | string,
  init: { headers?: HeadersInit; status?: number } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookieHeader(flash));
  return redirect(url, { status: init.status, headers });
}

/** The message waiting for this request, and the Set-Cookie that removes it (both null when none). */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__flash=")) return { flash: null, setCookie: null };
  const value = await flashCookie.parse(header);
  return { flash: isFlash(value) ? value : null, setCookie: await flashCookie.serialize("", { maxAge: 0 }) };
}
