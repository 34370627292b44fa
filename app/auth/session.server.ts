import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { sessionSecrets } from "~/utils/env.server";

export type Flash = { kind: "success" | "error"; message: string };

export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: process.env.NODE_ENV === "production",
    secrets: sessionSecrets(),
    maxAge: 60 * 60 * 24 * 30,
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export const commitSession = sessionStorage.commitSession;
export const destroySession = sessionStorage.destroySession;

const FLASH_KEY = "flash";

export function setFlash(session: Session, flash: Flash) {
  session.flash(FLASH_KEY, flash);
}

/** Reads the flash once; the caller must commit the session so it is gone on the next request. */
export function takeFlash(session: Session): Flash | null {
  return (session.get(FLASH_KEY) as Flash | undefined) ?? null;
}

/** Headers for a redirect that shows a one-time message on the next page. */
export async function flashHeaders(request: Request, flash: Flash) {
  const session = await getSession(request);
  setFlash(session, flash);
  return { "Set-Cookie": await commitSession(session) };
}
