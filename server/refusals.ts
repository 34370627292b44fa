import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

import { corsHeaders } from "~/api/cors.server";
import { errorCodeFor } from "~/api/errors.server";
import { appUrl } from "~/config/env.server";
import { refusalPage } from "~/web/refusal-page.server";
import { bodyLimitFor, CROSS_SITE_REFUSED, isProcurementEndpoint, MAX_FORM_BYTES } from "~/web/request.server";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"] as const;
const ALLOW = ALLOWED_METHODS.join(", ");
const allowed = new Set<string>(ALLOWED_METHODS);
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function isApi(path: string) {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * Sends a refusal before Remix runs: the short refusal page, or under /api JSON with the API's CORS
 * headers, so a listed origin's page can read why (a 413, a 405, a 500) as it reads the API's own errors.
 */
export async function sendRefusal(
  res: ExpressResponse,
  path: string,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (isApi(path)) {
    const ask = {
      method: res.req.method,
      origin: res.req.get("Origin") ?? null,
      authorized: res.req.get("Authorization") !== undefined,
    };
    res
      .status(status)
      .set({ ...headers, ...corsHeaders(ask, ALLOW), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
      .vary("Origin")
      .json({ error: message, code: errorCodeFor(status) });
    return;
  }
  const page = refusalPage(status, message, headers);
  res.status(status);
  page.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(await page.text());
}

/**
 * Only the methods the shop uses reach it. TRACE, PATCH, PROPFIND and the rest are a 405 with
 * `Allow`, answered here rather than as an HTML 500 from deep inside the framework. `Allow` names
 * what the address itself takes when `allowOf` can tell (an API call answers OPTIONS with its own
 * methods): a client told a call takes PUT must not be told every method of the whole API.
 */
export function methodFilter(allowOf: (req: ExpressRequest) => Promise<string | null>): RequestHandler {
  return (req, res, next) => {
    if (allowed.has(req.method)) return next();
    void allowOf(req)
      .catch(() => null)
      .then((allow) =>
        sendRefusal(res, req.path, 405, `This address does not take ${req.method} requests.`, {
          Allow: allow ?? ALLOW,
        }),
      );
  };
}

/**
 * How much more than its page's limit a refused body may be, and how long it may take, for the server
 * to take it in (and drop it) after its 413 rather than close the connection. A server that closes
 * while the client is still sending makes the client's system answer the next bytes with a reset, and
 * the client may never read the 413 (RFC 9112 §9.6): a browser shows "connection reset" instead of
 * the page that says why. So a body a little over its limit arrives whole and its sender reads the
 * answer; taking it in costs the server about what two of the largest forms do.
 */
export const REFUSED_BODY_LINGER = { ms: 2_000, bytes: 2 * MAX_FORM_BYTES };

/**
 * A body that says it is larger than its page's form or the API accepts is refused before it is read.
 * One at most REFUSED_BODY_LINGER's bytes over is taken in and dropped after the answer (Node reads an
 * unread body off the wire, keeping the connection for the next request), within its time; a larger
 * one is not worth reading, and the connection ends with the answer.
 */
export const declaredSizeLimit: RequestHandler = (req, res, next) => {
  const declared = Number(req.headers["content-length"] ?? 0);
  const limit = bodyLimitFor(req.path);
  if (declared <= limit) return next();
  if (declared - limit <= REFUSED_BODY_LINGER.bytes) res.once("finish", () => lingerThenClose(req));
  else res.setHeader("Connection", "close");
  void sendRefusal(res, req.path, 413, "This request is too large to be accepted.");
};

/**
 * Lets the rest of a refused body come in for REFUSED_BODY_LINGER's time, then closes the connection
 * if it has not all arrived (a sender that stalls holds nothing longer than that).
 */
function lingerThenClose(req: ExpressRequest) {
  if (req.complete) return;
  setTimeout(() => {
    if (!req.complete) req.socket.destroy();
  }, REFUSED_BODY_LINGER.ms).unref();
}

/**
 * Refuses a state-changing request to a page that another origin made the browser send, with the
 * refusal page and its security headers. The rule is requireSameOrigin's in
 * app/web/request.server.ts; the API keeps its own rules (a key needs no Origin, a cookie write
 * answers in JSON), so /api is left to it.
 *
 * Remix runs an origin check of its own before any action (a page posted to, and a single-fetch
 * call other than GET, /api's `.data` address included) and answers a bare 500 when it fails: no
 * request it would fail may reach it. So wherever it checks, an `Origin` whose host is not the one the request
 * was addressed to (`X-Forwarded-Host`'s first value, else `Host`, as Remix reads them) is refused
 * here, whatever `Sec-Fetch-Site` says and even when it is APP_URL's: behind a proxy that rewrites
 * `Host`, the proxy must pass the browser's on (docs/security.md).
 */
export const crossSiteRefusal: RequestHandler = (req, res, next) => {
  const refusal = originRefusal(req);
  if (!refusal) return next();
  void sendRefusal(res, req.path, refusal.status, refusal.message);
};

type Refusal = { status: 400 | 403; message: string };
const CROSS_SITE: Refusal = { status: 403, message: CROSS_SITE_REFUSED };
const ORIGIN_NOT_AN_ADDRESS: Refusal = {
  status: 400,
  message: "The Origin this request carries is not a web address.",
};
const NO_HOST: Refusal = { status: 400, message: "This request did not say which site it was sent to." };

function originRefusal(req: ExpressRequest): Refusal | null {
  const dataCall = req.path.endsWith(".data");
  // /api's resource routes keep the API's rules: Remix checks only its single-fetch address.
  if (isApi(req.path) && !dataCall) return null;
  // A procurement system's own addresses: resource routes, which Remix does not check either.
  if (isProcurementEndpoint(req.path)) return null;
  // Where @remix-run/server-runtime calls throwIfPotentialCSRFAttack (server.js, single-fetch.js):
  // every single-fetch call but a GET, every other non-GET; ours are among them.
  if (dataCall ? req.method === "GET" : SAFE.has(req.method)) return null;
  const origin = req.get("Origin");
  // An empty Origin is no Origin to Remix either.
  if (origin) {
    const host = addressedHost(req);
    if (!host) return NO_HOST;
    const originHost = hostOfOrigin(origin);
    if (originHost === undefined) return ORIGIN_NOT_AN_ADDRESS;
    if (originHost !== host) return CROSS_SITE;
  }
  if (SAFE.has(req.method) || isApi(req.path)) return null;
  const fetchSite = req.get("Sec-Fetch-Site");
  let refused = false;
  if (fetchSite) refused = fetchSite !== "same-origin" && fetchSite !== "none";
  else if (origin !== undefined) refused = !ownOrigins(req.protocol, req.get("Host")).has(origin);
  return refused ? CROSS_SITE : null;
}

/** The host Remix compares an Origin with: X-Forwarded-Host's first value, else Host. */
function addressedHost(req: ExpressRequest) {
  return req.get("X-Forwarded-Host")?.split(",")[0]?.trim() || req.get("Host") || undefined;
}

/** An Origin's host as Remix reads it ("null" stays "null"); undefined when it is not a URL. */
function hostOfOrigin(origin: string) {
  if (origin === "null") return origin;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

function ownOrigins(protocol: string, host: string | undefined) {
  const origins = new Set([new URL(appUrl()).origin]);
  if (host) origins.add(`${protocol}://${host}`);
  return origins;
}

/** The pages whose posts cost a password hash, the one thing a stranger can make expensive. */
export const CREDENTIAL_PATHS: ReadonlySet<string> = new Set(["/sign-in", "/sign-up", "/reset-password"]);
export const CREDENTIAL_POSTS_PER_CLIENT = 2;
/** How long a refused credential post waits for its 429: a flood's clients slow to its pace. */
export const CREDENTIAL_REFUSAL_DELAY_MS = 1000;

/**
 * At most a couple of credential posts per client address are in flight at once; the rest get a
 * cheap 429 here. A person signs in once at a time; a flood of concurrent guesses would otherwise
 * queue full page renders and password hashes in front of everyone else's pages. The 429 comes
 * after a pause (a tarpit): answered at once, a flooding client just asks again, thousands of times a
 * second. The rate limits in app/web/rate-limit.server.ts still count every attempt that gets through.
 */
export function credentialPostsInFlight(
  paths = CREDENTIAL_PATHS,
  perClient = CREDENTIAL_POSTS_PER_CLIENT,
  refusalDelayMs = CREDENTIAL_REFUSAL_DELAY_MS,
): RequestHandler {
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    if (req.method !== "POST" || !paths.has(req.path)) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const running = inFlight.get(client) ?? 0;
    if (running >= perClient) {
      const refuse = () => {
        if (res.destroyed || res.headersSent) return;
        void sendRefusal(
          res,
          req.path,
          429,
          "Too many attempts at once from your address. Wait a moment, then try again.",
          { "Retry-After": "1" },
        );
      };
      const timer = setTimeout(refuse, refusalDelayMs);
      res.once("close", () => clearTimeout(timer));
      return;
    }
    inFlight.set(client, running + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (inFlight.get(client) ?? 1) - 1;
      if (left > 0) inFlight.set(client, left);
      else inFlight.delete(client);
    };
    res.once("finish", release);
    res.once("close", release);
    next();
  };
}
