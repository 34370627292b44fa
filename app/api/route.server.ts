import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

import { hasSessionCookie } from "~/auth/session.server";
import { parseId } from "~/validation/common";
import { type LimitKey, rateLimitHeaders, takePoints, tooManyAttemptsMessage } from "~/web/rate-limit.server";
import { MAX_FORM_BYTES, readCappedBody, requireSameOrigin } from "~/web/request.server";

import { type ApiCaller, authenticateApiCall, keyNeeded, requireAdminCaller, requireCaller } from "./auth.server";
import { applyCors, hasAuthorization } from "./cors.server";
import { ApiError, apiErrorResponse, apiJson } from "./errors.server";

export { ApiError, apiJson, apiJsonWithTag, noneMatch, notModified } from "./errors.server";

type Method = "GET" | "POST" | "PUT" | "DELETE";

export type ApiContext = {
  request: Request;
  url: URL;
  params: LoaderFunctionArgs["params"];
  context: AppLoadContext;
  /** The caller, or null when signed out (looked up once, on first use). */
  caller: () => Promise<ApiCaller | null>;
  /** The caller; a 401 when signed out. */
  requireCaller: () => Promise<ApiCaller>;
  /** The caller; a 401 when signed out, a 403 when not an admin. */
  requireAdminCaller: () => Promise<ApiCaller>;
};

type Handler = (context: ApiContext) => Promise<Response>;

/**
 * One API route's calls, by HTTP method, as a function to export as both `loader` and `action`
 * (Remix sends GET, HEAD and OPTIONS to the loader, everything else to the action). Around every
 * call: OPTIONS is answered, a write from another origin needs a key (a cookie write must come from
 * this very origin), a method the route lacks is a 405, an Authorization header must hold a live
 * key, every error is JSON, and CORS on every answer.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>) {
  const methods = Object.keys(handlers) as Method[];
  const allow = [...methods, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");

  async function dispatch({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) {
    const method = request.method.toUpperCase();
    if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
    // A cookie is an ambient credential a browser attaches for any page that asks, so a write signed
    // in with one must come from this very origin (a sibling port or subdomain is refused too). A
    // key is sent on purpose by a program, so key writes need no Origin.
    if (!hasAuthorization(request)) requireSameOriginWrite(request);
    const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
    if (!handler) throw new ApiError(405, `This call takes ${allow}.`, {}, { Allow: allow });

    let caller: Promise<ApiCaller | null> | undefined;
    const apiContext: ApiContext = {
      request,
      url: new URL(request.url),
      params,
      context,
      caller: () => (caller ??= authenticateApiCall(request)),
      requireCaller: async () => requireCaller(await apiContext.caller()),
      requireAdminCaller: async () => requireAdminCaller(await apiContext.caller()),
    };
    if (hasAuthorization(request)) await apiContext.caller();
    return handler(apiContext);
  }

  return async function handleApiCall(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    const response = await dispatch(args).catch(apiErrorResponse);
    return applyCors(args.request, response, allow);
  };
}

/**
 * A write from another origin without a key: signed in with a cookie, it is refused as another
 * site's form post would be (403); with no credential at all (a single-page client elsewhere), it
 * is told what it lacks (401).
 */
function requireSameOriginWrite(request: Request) {
  try {
    requireSameOrigin(request);
  } catch {
    if (!hasSessionCookie(request)) throw keyNeeded();
    throw new ApiError(
      403,
      "A write signed in with a cookie must come from this site. Machine clients send an API key instead.",
    );
  }
}

/**
 * The body as a JSON object. Only `application/json` is read (a text/plain body is what a form on
 * another site can send without asking first): anything else is a 415. Too big is a 413, anything
 * not a JSON object a 400.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new ApiError(415, "Send the body as JSON, with Content-Type: application/json.");
  }
  let bytes: Uint8Array;
  try {
    bytes = await readCappedBody(request);
  } catch {
    throw new ApiError(413, `The body is larger than the ${MAX_FORM_BYTES} bytes accepted.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError(400, "The body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(400, "The body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/**
 * Takes a point from each counter before the call does its work, as the pages' forms do: a used-up
 * counter is a 429 with `Retry-After`, so the API is no way around a page's limit. Answers the
 * `RateLimit` and `RateLimit-Policy` headers the call's answer carries (the 429 carries them too).
 */
export async function requirePoints(keys: readonly LimitKey[]): Promise<Record<string, string>> {
  const outcome = await takePoints(keys);
  if (outcome.ok) return outcome.quota ? rateLimitHeaders(outcome.quota) : {};
  const seconds = String(Math.ceil(outcome.retryAfterMs / 1000));
  throw new ApiError(
    429,
    tooManyAttemptsMessage(outcome.retryAfterMs),
    {},
    {
      "Retry-After": seconds,
      ...rateLimitHeaders(outcome.quota),
    },
  );
}

/** Parses with a schema; a failure is a 400 with zod's messages per field in `issues`. */
export function parseWith<Schema extends z.ZodTypeAny>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { formErrors, fieldErrors } = result.error.flatten();
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  throw new ApiError(
    400,
    formErrors[0] ?? "Some fields are not valid: see issues.",
    hasFieldErrors ? { issues: fieldErrors } : {},
  );
}

/** A field the database refused (a part number another part has): 400, as a schema's refusal would be. */
export function fieldRefused(field: string, message: string) {
  return new ApiError(400, "Some fields are not valid: see issues.", { issues: { [field]: [message] } });
}

export function parseQuery<Schema extends z.ZodTypeAny>(schema: Schema, url: URL): z.output<Schema> {
  return parseWith(schema, Object.fromEntries(url.searchParams));
}

/**
 * GET /api/<kind>/:id: the caller's own record, or any for an administrator. Someone else's is
 * answered as missing (`missing` says so): its existence is not the caller's business.
 */
export function callerRecordRoute<Row>(
  read: (id: number, scope: { ownerId?: number }) => Promise<Row | null | undefined>,
  shape: (row: Row) => unknown,
  missing: string,
) {
  return apiRoute({
    async GET({ params, requireCaller }) {
      const user = await requireCaller();
      const id = parseId(params.id);
      const row = id && (await read(id, { ownerId: user.role === "admin" ? undefined : user.id }));
      if (!row) throw new ApiError(404, missing);
      return apiJson(shape(row));
    },
  });
}
