/**
 * CORS for the JSON API. Reads without a key are public, as in the original backend: any origin may
 * make them (`*`, which browsers never combine with cookies), so a single-page client elsewhere can
 * list the catalog. Reading or writing with an API key from a browser is for the origins
 * API_CORS_ORIGINS lists (comma-separated). Credentials are never allowed, and a cookie write from
 * another origin stays refused by requireSameSite.
 */

const SAFE_METHODS = new Set(["GET", "HEAD"]);

function allowedOrigins() {
  return (process.env.API_CORS_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);
}

function listedOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  return origin && allowedOrigins().includes(origin) ? origin : null;
}

export function hasAuthorization(request: Request) {
  return request.headers.has("Authorization");
}

/** Adds the CORS headers a listed origin needs to read this answer (`allow` is the route's methods). */
export function applyCors(request: Request, response: Response, allow: string) {
  response.headers.append("Vary", "Origin");
  const origin = listedOrigin(request);
  const method = request.method.toUpperCase();
  if (!origin) {
    if (SAFE_METHODS.has(method) && !hasAuthorization(request))
      response.headers.set("Access-Control-Allow-Origin", "*");
    return response;
  }
  const preflight = method === "OPTIONS";
  if (!preflight && !SAFE_METHODS.has(method) && !hasAuthorization(request)) return response;
  response.headers.set("Access-Control-Allow-Origin", origin);
  if (preflight) {
    response.headers.set("Access-Control-Allow-Methods", allow);
    response.headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    response.headers.set("Access-Control-Max-Age", "600");
  } else {
    response.headers.set("Access-Control-Expose-Headers", "Location");
  }
  return response;
}
