import { config } from "~/config/env.server";

/**
 * CORS for the JSON API. Reads without a key are public, as in the original backend: any origin may
 * make them (`*`, which browsers never combine with cookies), so a single-page client elsewhere can
 * list the catalog. Reading or writing with an API key from a browser is for the origins
 * API_CORS_ORIGINS lists (comma-separated), and every answer to them carries the headers, refusals
 * included, so their pages can read why a call failed. Credentials are never allowed, and a cookie
 * write from another origin stays refused (apiRoute).
 */

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** What a page on another origin may read besides the safelisted headers: paging, versions, why it was refused. */
export const EXPOSED_HEADERS =
  "ETag, Link, Location, Retry-After, RateLimit, RateLimit-Policy, WWW-Authenticate, Allow, X-Request-Id";
/** What a listed origin's page may send: its key, JSON, and the headers PUT and POST /api/order read. */
const ALLOWED_REQUEST_HEADERS = "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key";

/** The parts of a request CORS depends on (the server's own refusals have no Fetch Request). */
export type CorsAsk = { method: string; origin: string | null; authorized: boolean };

export function hasAuthorization(request: Request) {
  return request.headers.has("Authorization");
}

/** The CORS headers an answer to `ask` carries (`allow` is the methods of the call it went to). */
export function corsHeaders({ method, origin, authorized }: CorsAsk, allow: string): Record<string, string> {
  const upperMethod = method.toUpperCase();
  const listed = origin !== null && config().apiCorsOrigins.includes(origin);
  if (!listed) {
    const publicRead = SAFE_METHODS.has(upperMethod) && !authorized;
    return publicRead ? { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED_HEADERS } : {};
  }
  if (upperMethod === "OPTIONS") {
    return {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": allow,
      "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS,
      "Access-Control-Max-Age": "600",
    };
  }
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": EXPOSED_HEADERS };
}

/** Adds the CORS headers to an API answer, whatever its status. */
export function applyCors(request: Request, response: Response, allow: string) {
  response.headers.append("Vary", "Origin");
  const ask = { method: request.method, origin: request.headers.get("Origin"), authorized: hasAuthorization(request) };
  for (const [name, value] of Object.entries(corsHeaders(ask, allow))) response.headers.set(name, value);
  return response;
}
