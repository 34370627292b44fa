import { getCurrentUser } from "~/auth/session.server";
import { getUserByApiKey } from "~/models/api-key.server";
import type { User } from "~/models/user.server";

import { ApiError } from "./errors.server";

/** Who is calling the API: the account behind the session cookie or the API key, read from the database. */
export type ApiCaller = Pick<User, "id" | "role" | "address" | "phone"> & { via: "session" | "key" };

const BEARER = /^Bearer +(\S+) *$/i;

function invalidKey() {
  return new ApiError(
    401,
    "This API key is not valid or has been revoked.",
    {},
    {
      "WWW-Authenticate": 'Bearer error="invalid_token"',
    },
  );
}

/**
 * An Authorization header must carry a live key (`Bearer <key>`), or the call is refused whatever
 * it asks for, so a client learns at once that its key is gone. Without one, the session cookie
 * is used exactly as the pages use it.
 */
export async function authenticateApiCall(request: Request): Promise<ApiCaller | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const key = BEARER.exec(authorization)?.[1];
    const user = key ? await getUserByApiKey(key) : undefined;
    if (!user) throw invalidKey();
    return { id: user.id, role: user.role, address: user.address, phone: user.phone, via: "key" };
  }
  const user = await getCurrentUser(request);
  return user ? { id: user.id, role: user.role, address: user.address, phone: user.phone, via: "session" } : null;
}

/** A 401 for a write from another origin that carries no credential: only a key works from there. */
export function keyNeeded() {
  return new ApiError(
    401,
    "This call needs an API key: send it as Authorization: Bearer <key>. A page on another site is never signed in by the store's cookie.",
    {},
    { "WWW-Authenticate": "Bearer" },
  );
}

/** The caller; a 401 when nobody is signed in and no key was sent. */
export function requireCaller(caller: ApiCaller | null): ApiCaller {
  if (!caller) {
    throw new ApiError(
      401,
      "Sign in, or send an API key as Authorization: Bearer <key>.",
      {},
      {
        "WWW-Authenticate": "Bearer",
      },
    );
  }
  return caller;
}

/** The caller, who must be an administrator: a 401 when signed out, a 403 otherwise. */
export function requireAdminCaller(caller: ApiCaller | null): ApiCaller {
  const user = requireCaller(caller);
  if (user.role !== "admin") throw new ApiError(403, "You need to be an administrator for this call.");
  return user;
}
