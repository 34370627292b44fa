/**
 * CORS for the JSON API, off unless API_CORS_ORIGINS lists origins (comma-separated). A listed
 * origin may read, and may write with an API key; cookies never cross origins, so credentials are
 * never allowed and a cookie write from another origin stays refused by requireSameSite.
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
  if (!origin) return response;
  const method = request.method.toUpperCase();
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
