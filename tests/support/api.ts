import * as apiKeysPage from "~/routes/dashboard.api-keys";

import { BASE_URL, call, type Outcome, postRequest } from "./http";
import { expectDocumented } from "./openapi-conformance";
import { createSignedInUser } from "./users";

/** Who makes a call: nobody, a browser with a session cookie, or a program with an API key. */
export type Credentials = { cookie?: string; key?: string };

type ApiRequestOptions = Credentials & {
  /** Sent as JSON, unless it is already a string (then as is, for malformed bodies). */
  body?: unknown;
  /** Replaces the headers a browser on this site would add (Sec-Fetch-Site, Origin). */
  headers?: Record<string, string>;
};

/**
 * A request as a client of the API sends it: a browser on this site sends its cookie with
 * Sec-Fetch-Site (and Origin on writes); a program sends only its key.
 */
export function apiRequest(method: string, path: string, { cookie, key, body, headers }: ApiRequestOptions = {}) {
  const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers } };
  if (cookie) {
    init.headers.Cookie = cookie;
    if (!headers) {
      init.headers["Sec-Fetch-Site"] = "same-origin";
      if (method !== "GET" && method !== "HEAD") init.headers.Origin = BASE_URL;
    }
  }
  if (key) init.headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] ??= "application/json";
  }
  return new Request(new URL(path, BASE_URL), init);
}

type RouteModule = { loader?: (args: any) => unknown; action?: (args: any) => unknown };

/**
 * Sends the request to the loader or the action, as Remix does (GET, HEAD and OPTIONS go to the
 * loader), and holds the answer to the OpenAPI document: every API answer the suites get must be one
 * the document describes (tests/support/openapi-conformance.ts).
 */
export async function callApi(
  route: RouteModule,
  request: Request,
  params: Record<string, string> = {},
): Promise<Outcome> {
  const toLoader = ["GET", "HEAD", "OPTIONS"].includes(request.method);
  const outcome = await call(toLoader ? route.loader : route.action, request, params);
  if (request.method !== "OPTIONS") {
    const body = typeof outcome.data === "string" && outcome.data === "" ? undefined : outcome.data;
    expectDocumented(request.method, new URL(request.url).pathname, outcome.status, body);
  }
  return outcome;
}

/** An API key made the way an admin makes one: through the dashboard page's form. */
export async function createKeyThroughDashboard(adminCookie: string, name = "integration test") {
  const outcome = await call(
    apiKeysPage.action,
    postRequest("/dashboard/api-keys", { intent: "create", name }, { cookie: adminCookie }),
  );
  if (outcome.status !== 200 || !outcome.data.created) throw new Error(`could not create a key: ${outcome.status}`);
  return outcome.data.created.key as string;
}

/** The id the dashboard lists a key under (found by its displayed prefix). */
export async function keyIdOf(key: string) {
  const { db } = await import("~/db/db.server");
  const row = await db
    .selectFrom("api_keys")
    .select("id")
    .where("prefix", "=", key.slice(0, 12))
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeKeyThroughDashboard(adminCookie: string, keyId: number) {
  return call(
    apiKeysPage.action,
    postRequest("/dashboard/api-keys", { intent: "revoke", keyId: String(keyId) }, { cookie: adminCookie }),
  );
}

/** One of each kind of caller: signed out, a customer, an admin, an admin's API key, a revoked key. */
export async function everyCaller() {
  const user = await createSignedInUser();
  const admin = await createSignedInUser({ role: "admin" });
  const key = await createKeyThroughDashboard(admin.cookie, "live key");
  const revokedKey = await createKeyThroughDashboard(admin.cookie, "revoked key");
  await revokeKeyThroughDashboard(admin.cookie, await keyIdOf(revokedKey));
  return {
    callers: {
      "signed out": {},
      user: { cookie: user.cookie },
      admin: { cookie: admin.cookie },
      "API key": { key },
      "revoked key": { key: revokedKey },
    } satisfies Record<string, Credentials>,
    user,
    admin,
  };
}
